// antd notifications, minus Refine's toasts for the sign-in and password screens:
// those screens show the same message inline, next to the form.
import { useNotificationProvider as useAntdNotificationProvider } from "@refinedev/antd";
import type { NotificationProvider } from "@refinedev/core";

const SHOWN_INLINE = new Set(["login-error", "forgot-password-error", "update-password-error"]);

export function useNotificationProvider(): NotificationProvider {
  const antd = useAntdNotificationProvider();
  return {
    ...antd,
    open: (params) => {
      if (params.key && SHOWN_INLINE.has(params.key)) return;
      antd.open(params);
    },
  };
}
