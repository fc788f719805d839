// Refine's notifications on antd's App notifications, in the operator's language (docs/product.md §8
// messages through localizeMessage). Built on antd directly, as @refinedev/antd's provider is.
// Undoable deletes have their own notice (features/undo), so Refine's "progress" type is not used.
// A read that got no answer from the server raises no notice: the connection banner says so
// once for every screen, and the read runs again when the server answers.
import { CloseOutlined } from "@ant-design/icons";
import type { NotificationProvider } from "@refinedev/core";
import { App } from "antd";
import { i18nProvider } from "../i18n/i18nProvider";
import { localizeMessage, MESSAGES, messageKey } from "../i18n/messages";

/** Refine's keys for the notices of its reads (useList, useOne, useMany, useInfiniteList, a GET useCustom). */
const READ_NOTICE = /-(useList|getOne|getMany|useInfiniteList)-notification$|^get-notification$/;

/**
 * A notice's close button named in the operator's language: rc-notification labels it
 * "Close" whatever the locale, unless the notice's `closable` carries its own aria-label.
 */
export const closableNotice = (label: string) => ({
  closeIcon: (
    <span className="ant-notification-notice-close-x">
      <CloseOutlined className="ant-notification-close-icon" />
    </span>
  ),
  "aria-label": label,
});

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  // Refine calls this hook in <Refine> itself, outside its i18n context, where useTranslate()
  // only ever returns the English default: translate with the provider directly.
  const t = i18nProvider.translate;
  return {
    open: ({ key, message, description, type }) => {
      if (type === "error" && READ_NOTICE.test(key ?? "") && [message, description].includes(MESSAGES.network)) return;
      // A record that is not there is said by its own page (features/show/RecordMissing), once: the
      // edit form's read has no switch for Refine's notice (useForm's useOne).
      if (
        type === "error" &&
        key?.endsWith("-getOne-notification") &&
        description &&
        messageKey(description) === "errors.notFound"
      )
        return;
      // Refine's title is the short "what", its description the docs/product.md §8 message.
      const title = description ? localizeMessage(description, t) : null;
      notification.open({
        key,
        description: localizeMessage(message, t),
        message: title,
        type: type === "progress" ? "info" : type,
        closable: closableNotice(t("notifications.close", {}, "Close")),
      });
    },
    close: (key) => notification.destroy(key),
  };
}
