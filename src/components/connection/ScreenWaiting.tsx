// What a screen shows while it waits for the server before it can show anything (its access
// question, its record): a spinner, and after a moment what it is waiting for, so a slow server
// is never a blank page. When a read failed instead: why, in the operator's words, and Retry
// (the read also runs again by itself when the server answers, clearing this).
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Spin } from "antd";
import { useEffect, useState } from "react";
import { localizeMessage } from "../../i18n/messages";

/** After this long without an answer, the spinner says what it waits for. */
const SAY_AFTER_MS = 1_500;

export function ScreenWaiting() {
  const t = useTranslate();
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLong(true), SAY_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div role="status" data-screen-waiting style={{ textAlign: "center", padding: "64px 16px" }}>
      <Spin />
      {long && <p style={{ marginTop: 16 }}>{t("connection.waiting", "Waiting for the server…")}</p>}
    </div>
  );
}

export function ScreenUnavailable({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslate();
  return (
    <Alert
      data-screen-unavailable
      type="error"
      showIcon
      style={{ margin: "24px 0" }}
      message={t("connection.screenFailed", "This page could not be loaded.")}
      description={localizeMessage(message, t)}
      action={<Button onClick={onRetry}>{t("connection.retry", "Retry")}</Button>}
    />
  );
}
