// The console's one notice that the server does not answer (docs/everyday.md, "When the server
// does not answer"): when the next try is due, "Try now", and gone the moment the server
// answers again. Screens keep what they show; their reads run again once it is back. On a
// phone it keeps to one line and its button.
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Grid } from "antd";
import { useSecondsUntil } from "./useSecondsUntil";
import { tryServerNow, useServerConnection } from "./useServerConnection";

export function ConnectionBanner() {
  const t = useTranslate();
  const narrow = Grid.useBreakpoint().sm === false;
  const { reachable, nextTryAt } = useServerConnection();
  const seconds = useSecondsUntil(reachable ? undefined : nextTryAt);
  if (reachable) return null;
  return (
    <Alert
      data-connection-banner
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={
        <>
          {t("connection.down", "Can't reach the server.")}{" "}
          {seconds === undefined
            ? t("connection.trying", "Trying now…")
            : t("connection.nextTry", { seconds }, "Trying again in {{seconds}} s.")}
        </>
      }
      description={
        narrow
          ? undefined
          : t("connection.meanwhile", "What is on screen stays; saves wait and go out when it answers.")
      }
      action={
        <Button size="small" loading={seconds === undefined} onClick={() => void tryServerNow()}>
          {t("connection.tryNow", "Try now")}
        </Button>
      }
    />
  );
}
