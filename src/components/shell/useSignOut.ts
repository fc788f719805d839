// Signing out from the console's menus: asks first when a form has unsaved changes, as
// Refine's own sider does.
import { useLogout, useTranslate, useWarnAboutChange } from "@refinedev/core";

export function useSignOut(): () => void {
  const t = useTranslate();
  const { mutate: logout } = useLogout();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  return () => {
    if (warnWhen) {
      const leave = window.confirm(
        t("warnWhenUnsavedChanges", "Are you sure you want to leave? You have unsaved changes."),
      );
      if (!leave) return;
      setWarnWhen(false);
    }
    logout();
  };
}
