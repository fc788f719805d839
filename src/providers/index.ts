// The providers the app wires into <Refine>, all built from the one Supabase client.
import { findResource } from "../resources";
import { createAccessControlProvider } from "./accessControlProvider";
import { createAuthProvider } from "./authProvider";
import { createDataProvider } from "./dataProvider";
import { PermissionStore, supabasePermissionSource } from "./permissions";
import { supabase } from "./supabaseClient";

export const permissionStore = new PermissionStore(supabasePermissionSource(supabase));
export const dataProvider = createDataProvider(supabase, findResource);
export const authProvider = createAuthProvider(supabase, permissionStore);
export const accessControlProvider = createAccessControlProvider(permissionStore);
export { queryClient } from "./queryClient";
export { supabase };
