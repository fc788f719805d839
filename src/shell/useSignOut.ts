// Signing out from the console's menus: asks first when a form has unsaved changes or a save
// still waits for the server, as Refine's own sider does, and drops the operator's drafts
// (features/saving) so nobody signing in here next finds them in this browser.
import { useGetIdentity, useLogout, useTranslate, useWarnAboutChange } from "@refinedev/core";
import { drafts } from "../features/saving/pageDrafts";

export function useSignOut(): () => void {
  const t = useTranslate();
  const { mutate: logout } = useLogout();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { data: identity } = useGetIdentity<{ id?: string }>();
  return () => {
    if (warnWhen || drafts().sending().size > 0) {
      const leave = window.confirm(
        t("warnWhenUnsavedChanges", "Are you sure you want to leave? You have unsaved changes."),
      );
      if (!leave) return;
      setWarnWhen(false);
    }
    if (identity?.id) drafts().clearUser(identity.id);
    logout();
  };
}
