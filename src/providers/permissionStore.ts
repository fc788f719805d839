// The one permission store of the page, shared by the sign-in screens and the console; made on first use.
import { PermissionStore, supabasePermissionSource } from "./permissions";
import { consoleClient } from "./supabaseClient";

let store: PermissionStore | undefined;

export function consolePermissions(): PermissionStore {
  store ??= new PermissionStore(supabasePermissionSource(consoleClient()));
  return store;
}
