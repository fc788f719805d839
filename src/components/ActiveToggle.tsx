// An operator's Deactivate (confirmed) or Reactivate button, in the words of the demo's Staff
// screen (staff.*), for the Operators screen of a project with Opsdesk installed
// (src/pages/operators/); the caller makes the call.
import { useTranslate } from "@refinedev/core";
import { Button, Popconfirm } from "antd";

interface Props {
  active: boolean;
  /** Whom the confirmation names. */
  name: string;
  /** What deactivating does to the person, under the confirmation's question. */
  hint: string;
  busy: boolean;
  onDeactivate: () => unknown;
  onReactivate: () => unknown;
}

export function ActiveToggle({ active, name, hint, busy, onDeactivate, onReactivate }: Props) {
  const t = useTranslate();
  if (!active)
    return (
      <Button size="small" loading={busy} onClick={() => onReactivate()}>
        {t("staff.reactivate", "Reactivate")}
      </Button>
    );
  return (
    <Popconfirm
      title={t("staff.deactivateConfirm", { name }, "Deactivate {{name}}?")}
      description={hint}
      okText={t("staff.deactivate", "Deactivate")}
      cancelText={t("staff.cancel", "Cancel")}
      onConfirm={() => onDeactivate()}
    >
      <Button danger size="small" loading={busy}>
        {t("staff.deactivate", "Deactivate")}
      </Button>
    </Popconfirm>
  );
}
