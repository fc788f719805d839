// Refine's notifications on antd's App notifications, in the operator's language (docs/product.md §8
// messages through localizeMessage). Built on antd directly, as @refinedev/antd's provider is.
// Undoable deletes have their own notice (views/undo), so Refine's "progress" type is not used.
import type { NotificationProvider } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { App } from "antd";
import { localizeMessage } from "../i18n/messages";

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const t = useTranslate();
  return {
    open: ({ key, message, description, type }) => {
      // Refine's title is the short "what", its description the docs/product.md §8 message.
      const title = description ? localizeMessage(description, t) : null;
      notification.open({
        key,
        description: localizeMessage(message, t),
        message: title,
        type: type === "progress" ? "info" : type,
      });
    },
    close: (key) => notification.destroy(key),
  };
}
