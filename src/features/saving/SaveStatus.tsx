// Beside Save: where a save stands when it is not simply done (docs/everyday.md, "Saving
// without a connection"). Waiting for the server: the changes are kept and go out when it
// answers, also when the operator leaves the page; "Try now". A form that came back with a
// draft: since when, and "Discard changes".
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Space } from "antd";
import { tryServerNow } from "../../components/connection/useServerConnection";
import { useFormat } from "../../i18n/useFormat";

export function SaveWaiting() {
  const t = useTranslate();
  return (
    <Alert
      data-save-waiting
      type="warning"
      showIcon
      role="status"
      message={t("saving.waiting", "Not saved yet: the server can't be reached.")}
      description={t(
        "saving.waitingHint",
        "Your changes are kept in this browser and saved as soon as the server answers, also if you leave this page.",
      )}
      action={
        <Button size="small" onClick={() => void tryServerNow()}>
          {t("saving.tryNow", "Try now")}
        </Button>
      }
    />
  );
}

export function DraftRestored({ at, resent, onDiscard }: { at: number; resent: boolean; onDiscard?: () => void }) {
  const t = useTranslate();
  const format = useFormat();
  const when = format.dateTime(new Date(at).toISOString());
  return (
    <Alert
      data-draft-restored
      type="info"
      showIcon
      role="status"
      message={
        resent
          ? t("saving.resending", { when }, "Sending the save you made at {{when}} again.")
          : t("saving.restored", { when }, "Your unsaved changes from {{when}} are back in the form.")
      }
      action={
        onDiscard && (
          <Space>
            <Button size="small" onClick={onDiscard}>
              {t("saving.discard", "Discard changes")}
            </Button>
          </Space>
        )
      }
    />
  );
}
