// What the import dialog shows, for the step it is at: the four steps on top, the file picker, the
// file's summary, the column mapping (ColumnMappingTable.tsx), the check in progress, the
// report of every problem (ImportReport.tsx), the all-clear before the commit, and the count
// imported. The steps themselves run in useCsvImport.ts.
import { useTranslate } from "@refinedev/core";
import { Alert, Result, Space, Spin, Steps, Typography, Upload } from "antd";
import { UploadDragContent } from "../../adapters/antd/UploadDragContent";
import { tCount } from "../../i18n/plural";
import { ColumnMappingTable } from "./ColumnMappingTable";
import { ImportReport } from "./ImportReport";
import { fileProblemMessage, limitsHint } from "./importMessages";
import { ImportFileError } from "./parseFile";
import type { CsvImport, ImportStep } from "./useCsvImport";

/** The four steps shown on top, and where each state of the import is among them. */
const STEP_INDEX: Record<ImportStep, number> = {
  file: 0,
  map: 1,
  checking: 2,
  report: 2,
  ready: 2,
  committing: 3,
  done: 3,
};

export function ImportStepView({ csv, nouns }: { csv: CsvImport; nouns: { singular: string; plural: string } }) {
  const t = useTranslate();

  const pick = (file: File) => {
    csv
      .pick(file)
      .catch((error: unknown) =>
        csv.setFailure(
          error instanceof ImportFileError ? fileProblemMessage(error.problem, t) : (error as Error).message,
        ),
      );
    return false; // read here, never uploaded as is
  };

  return (
    // One Space item per part, as each part is its own child here.
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      <Steps
        size="small"
        current={STEP_INDEX[csv.step]}
        items={[
          { title: t("csv.stepFile", "File") },
          { title: t("csv.stepColumns", "Columns") },
          { title: t("csv.stepCheck", "Check") },
          { title: t("csv.stepImport", "Import") },
        ]}
      />
      {csv.failure && <Alert type="error" showIcon message={csv.failure} />}
      {csv.step === "file" && (
        <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false} beforeUpload={pick}>
          <UploadDragContent text={t("csv.chooseFile", "Click or drop a CSV file here")} hint={limitsHint(t)} />
        </Upload.Dragger>
      )}
      {csv.file && csv.step !== "file" && (
        <Typography.Text type="secondary">
          {tCount(
            t,
            "csv.fileSummary",
            csv.file.records.length,
            { one: "{{name}}: {{count}} row", other: "{{name}}: {{count}} rows" },
            { name: csv.file.name },
          )}
        </Typography.Text>
      )}
      {csv.step === "map" && csv.file && (
        <ColumnMappingTable
          headers={csv.file.headers}
          mapping={csv.mapping}
          onChange={csv.setMapping}
          fields={csv.fields}
          labelOf={csv.labelOf}
          sample={csv.file.records[0]}
        />
      )}
      {csv.step === "checking" && (
        <Spin tip={t("csv.checking", "Checking every row…")}>
          <div style={{ height: 80 }} />
        </Spin>
      )}
      {csv.step === "report" && (
        <ImportReport problems={csv.problems} truncated={csv.truncated} fields={csv.fields} labelOf={csv.labelOf} />
      )}
      {csv.step === "ready" && (
        <Alert
          type="success"
          showIcon
          message={tCount(t, "csv.allValid", csv.rowCount, {
            one: "The row is valid. Nothing has been written yet.",
            other: "All {{count}} rows are valid. Nothing has been written yet.",
          })}
        />
      )}
      {csv.step === "done" && (
        <Result
          status="success"
          title={tCount(
            t,
            "csv.imported",
            csv.inserted,
            { one: "{{count}} {{singular}} imported", other: "{{count}} {{plural}} imported" },
            nouns,
          )}
        />
      )}
    </Space>
  );
}
