// What the operator may do on /staff and how a row's change is run: invite needs the create
// right, role changes and (de)activation the edit right, revoking an invitation the delete
// right, as the staff-admin function requires. A change runs through staff-admin
// (staffAdmin.ts), marks its row busy meanwhile, says how it went and reads the list again; a
// session that has expired (401) signs the operator out.
import { useCan, useLogout, useNotification } from "@refinedev/core";
import { useState } from "react";
import { FunctionCallError } from "../../providers/functionErrors";
import { runStaffCommand, type StaffCommand } from "./staffAdmin";

export interface StaffPermissions {
  invite: boolean;
  edit: boolean;
  revoke: boolean;
}

export function useStaffPermissions(resource: string): StaffPermissions {
  return {
    invite: useCan({ resource, action: "create" }).data?.can ?? false,
    edit: useCan({ resource, action: "edit" }).data?.can ?? false,
    revoke: useCan({ resource, action: "delete" }).data?.can ?? false,
  };
}

export function useStaffCommands(refresh: () => Promise<unknown>) {
  const { open: notify } = useNotification();
  const { mutate: logout } = useLogout();
  /** The user_id of the row whose change is running. */
  const [busy, setBusy] = useState<string>();
  const run = async (command: StaffCommand, success: string) => {
    if (command.action === "invite") return;
    setBusy(command.user_id);
    try {
      await runStaffCommand(command);
      notify?.({ type: "success", message: success });
      await refresh();
    } catch (err) {
      if (err instanceof FunctionCallError && err.status === 401) logout();
      notify?.({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, run };
}
