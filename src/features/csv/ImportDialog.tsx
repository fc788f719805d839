// The import, step by step in one dialog: file → columns → check → report or commit.

import { useTranslate } from "@refinedev/core";
import { Alert, Button, Modal, Result, Space, Spin, Steps, Typography, Upload } from "antd";
import { UploadDragContent } from "../../adapters/antd/UploadDragContent";
import { tCount } from "../../i18n/plural";
import { resourceKey } from "../../i18n/resourceKeys";
import type { ResourceDefinition } from "../../resources/types";
import { ColumnMappingTable } from "./ColumnMappingTable";
import { ImportReport } from "./ImportReport";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./limits";
import { mappingIsUsable, mappingProblems } from "./mapping";
import { type FileProblem, ImportFileError } from "./parseFile";
import { type ImportStep, useCsvImport } from "./useCsvImport";

const STEP_INDEX: Record<ImportStep, number> = {
  file: 0,
  map: 1,
  checking: 2,
  report: 2,
  ready: 2,
  committing: 3,
  done: 3,
};

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function ImportDialog({ definition: def, onClose }: { definition: ResourceDefinition; onClose: () => void }) {
  const t = useTranslate();
  const csv = useCsvImport(def);
  const plural = t(resourceKey.plural(def.name), def.label.plural);
  const nouns = { singular: t(resourceKey.singular(def.name), def.label.singular), plural };
  const limits = t(
    "csv.limits",
    { rows: MAX_IMPORT_ROWS, megabytes: MAX_IMPORT_BYTES / 1024 / 1024 },
    "CSV with a header row, up to {{rows}} rows and {{megabytes}} MB. All rows are checked before any is written; either all are imported or none.",
  );

  const fileProblem = (problem: FileProblem) => {
    if (problem.kind === "tooLarge")
      return t(
        "csv.tooLarge",
        { size: megabytes(problem.bytes), megabytes: MAX_IMPORT_BYTES / 1024 / 1024 },
        "The file has {{size}} MB; at most {{megabytes}} MB can be imported.",
      );
    if (problem.kind === "tooManyRows")
      return t(
        "csv.tooManyRows",
        { rows: problem.rows, max: MAX_IMPORT_ROWS },
        "The file has {{rows}} rows; at most {{max}} can be imported at once.",
      );
    if (problem.kind === "empty") return t("csv.empty", "The file has no header or no rows.");
    return t("csv.unreadable", { detail: problem.detail }, "The file is not valid CSV: {{detail}}");
  };

  const pick = (file: File) => {
    csv
      .pick(file)
      .catch((error: unknown) =>
        csv.setFailure(error instanceof ImportFileError ? fileProblem(error.problem) : (error as Error).message),
      );
    return false; // read here, never uploaded as is
  };

  const usable = mappingIsUsable(mappingProblems(csv.mapping, csv.fields));
  const footer = (() => {
    const cancel = (
      <Button key="cancel" onClick={onClose}>
        {csv.step === "done" ? t("csv.close", "Close") : t("csv.cancel", "Cancel")}
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
          {t("csv.backToColumns", "Back to columns")}
        </Button>,
        <Button key="again" onClick={csv.reset}>
          {t("csv.otherFile", "Choose another file")}
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
  })();

  return (
    <Modal
      open
      width={900}
      title={t("csv.importTitle", { resource: plural }, "Import {{resource}} from CSV")}
      onCancel={csv.step === "committing" ? undefined : onClose}
      maskClosable={false}
      footer={footer}
    >
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
            <UploadDragContent text={t("csv.chooseFile", "Click or drop a CSV file here")} hint={limits} />
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
    </Modal>
  );
}
