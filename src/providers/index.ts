// The providers the app wires into <Refine>, all built from the one Supabase client.
import { findResource } from "../resources";
import { withFileCleanup } from "../views/files/withFileCleanup";
import { createAccessControlProvider } from "./accessControlProvider";
import { createAccessRefresh, watchAccess } from "./accessRefresh";
import { createAuthProvider } from "./authProvider";
import { createDataProvider } from "./dataProvider";
import { createLiveProvider } from "./liveProvider";
import { permissionStore } from "./permissionStore";
import { queryClient } from "./queryClient";
import { supabase } from "./supabaseClient";

export const dataProvider = withFileCleanup(createDataProvider(supabase, findResource), supabase, findResource);
export const authProvider = createAuthProvider(supabase, permissionStore);
export const accessControlProvider = createAccessControlProvider(permissionStore);
export const liveProvider = createLiveProvider(supabase);
export const refreshAccess = createAccessRefresh(permissionStore, queryClient);
watchAccess(supabase, refreshAccess, queryClient);

export { permissionStore, queryClient, supabase };
