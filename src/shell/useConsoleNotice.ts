// Shows the notice a sign-in screen left for the console (consoleNotice.ts), once.
import { useTranslate } from "@refinedev/core";
import { App } from "antd";
import { useEffect } from "react";
import { closableNotice } from "../providers/notificationProvider";
import { takeConsoleNotice } from "./consoleNotice";

export function useConsoleNotice(): void {
  const t = useTranslate();
  const { notification } = App.useApp();
  useEffect(() => {
    if (takeConsoleNotice() === "passwordChanged") {
      notification.success({
        message: t("auth.update.done", "Password changed"),
        description: t("auth.update.doneDescription", "Your new password is set."),
        closable: closableNotice(t("notifications.close", "Close")),
      });
    }
  }, [notification, t]);
}
