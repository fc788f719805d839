// "Export CSV" on a list: every row matching the list's filters, in its order, when the
// operator may export the resource.
import { DownloadOutlined } from "@ant-design/icons";
import { type CrudFilter, type CrudSort, useCan, useNotification, useTranslate } from "@refinedev/core";
import { Button } from "antd";
import { tCount } from "../../i18n/plural";
import type { ResourceDefinition } from "../../resources/types";
import { ExportProgressModal } from "./ExportProgressModal";
import { useCsvExport } from "./useCsvExport";

interface Props {
  definition: ResourceDefinition;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export function ExportButton({ definition: def, filters, sorters }: Props) {
  const t = useTranslate();
  const { open } = useNotification();
  const can = useCan({ resource: def.name, action: "export" }).data?.can ?? false;
  const csv = useCsvExport(def);

  const start = () =>
    csv.exportList(filters, sorters).then(
      (rows) =>
        rows !== undefined &&
        open?.({
          type: "success",
          message: tCount(t, "csv.exported", rows, { one: "{{count}} row exported", other: "{{count}} rows exported" }),
        }),
      (error: Error) =>
        open?.({ type: "error", message: t("csv.exportFailed", "Export failed"), description: error.message }),
    );

  return (
    <>
      {can && (
        <Button icon={<DownloadOutlined />} onClick={start} loading={Boolean(csv.progress)}>
          {t("csv.export", "Export CSV")}
        </Button>
      )}
      {/* A running export keeps its progress and Cancel while access is asked again. */}
      <ExportProgressModal progress={csv.progress} onCancel={csv.cancel} />
    </>
  );
}
