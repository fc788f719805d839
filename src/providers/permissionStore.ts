// The one permission store of the page, shared by the sign-in screens and the console.
import { PermissionStore, supabasePermissionSource } from "./permissions";
import { supabase } from "./supabaseClient";

export const permissionStore = new PermissionStore(supabasePermissionSource(supabase));
