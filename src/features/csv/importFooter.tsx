// The import dialog's buttons for each step: Cancel (Close once done), then the step's way on —
// Check the mapped rows, back to the columns or another file after a report, Import when every
// row passed. A function, not a component: antd's Modal takes the buttons as its footer array.
import { Button } from "antd";
import type { ReactNode } from "react";
import type { Translate } from "../../i18n/messages";
import { tCount } from "../../i18n/plural";
import type { CsvImport } from "./useCsvImport";

interface Footer {
  csv: CsvImport;
  /** The columns are mapped well enough to check (mapping.ts). */
  usable: boolean;
  nouns: { singular: string; plural: string };
  onClose: () => void;
  t: Translate;
}

export function importFooter({ csv, usable, nouns, onClose, t }: Footer): ReactNode[] {
  const cancel = (
    <Button key="cancel" onClick={onClose}>
      {csv.step === "done" ? t("csv.close", {}, "Close") : t("csv.cancel", {}, "Cancel")}
    </Button>
  );
  if (csv.step === "map")
    return [
      cancel,
      <Button key="check" type="primary" disabled={!usable} onClick={csv.check}>
        {tCount(t, "csv.check", csv.rowCount, { one: "Check {{count}} row", other: "Check {{count}} rows" })}
      </Button>,
    ];
  if (csv.step === "report")
    return [
      cancel,
      <Button key="back" onClick={csv.backToMapping}>
        {t("csv.backToColumns", {}, "Back to columns")}
      </Button>,
      <Button key="again" onClick={csv.reset}>
        {t("csv.otherFile", {}, "Choose another file")}
      </Button>,
    ];
  if (csv.step === "ready" || csv.step === "committing")
    return [
      cancel,
      <Button key="commit" type="primary" loading={csv.step === "committing"} onClick={csv.commit}>
        {tCount(
          t,
          "csv.commit",
          csv.rowCount,
          { one: "Import {{count}} {{singular}}", other: "Import {{count}} {{plural}}" },
          nouns,
        )}
      </Button>,
    ];
  return [cancel];
}
