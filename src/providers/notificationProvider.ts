// Refine's notifications on antd's App notifications, in the operator's language (SPEC §8
// messages through localizeMessage). Built on antd directly, as @refinedev/antd's provider is.
import type { NotificationProvider } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { App, Button } from "antd";
import { createElement } from "react";
import { localizeMessage } from "./messages";

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const t = useTranslate();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === "progress") {
        // Undoable mutations: the countdown in seconds and a button that cancels.
        const undo = () => {
          cancelMutation?.();
          notification.destroy(key ?? "");
        };
        notification.open({
          key,
          message,
          description: t(
            "notifications.undoable",
            { seconds: undoableTimeout },
            "You have {{seconds}} seconds to undo",
          ),
          btn: createElement(Button, { onClick: undo, disabled: undoableTimeout === 0 }, t("buttons.undo", "Undo")),
          duration: 0,
        });
        return;
      }
      // Refine's title is the short "what", its description the SPEC §8 message.
      const title = description ? localizeMessage(description, t) : null;
      notification.open({ key, description: localizeMessage(message, t), message: title, type });
    },
    close: (key) => notification.destroy(key),
  };
}
