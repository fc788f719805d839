// What the operator may do on a list's rows: show, edit, delete. Permissions are per resource,
// not per row, so the list asks once here instead of once per row's button (RowActions.tsx).
import { useCan } from "@refinedev/core";

export interface ListPermissions {
  show: boolean;
  edit: boolean;
  delete: boolean;
}

export function useListPermissions(resource: string): ListPermissions {
  const show = useCan({ resource, action: "show" }).data?.can ?? false;
  const edit = useCan({ resource, action: "edit" }).data?.can ?? false;
  const remove = useCan({ resource, action: "delete" }).data?.can ?? false;
  return { show, edit, delete: remove };
}
