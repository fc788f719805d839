// Export of a list as the operator sees it: its filters and order, its columns and their
// titles, every page; or just the given rows (a bulk selection).
import { type BaseRecord, type CrudFilter, type CrudSort, useDataProvider } from "@refinedev/core";
import { useRef, useState } from "react";
import { fieldsByName, idColumnOf, metaFor } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { downloadText } from "./download";
import { ExportCancelled, exportCsv, exportFileName } from "./exportCsv";
import { EXPORT_CHUNK_ROWS } from "./limits";
import { useFieldLabel } from "./useFieldLabel";

export interface ExportProgress {
  done: number;
  total: number;
}

export function useCsvExport(def: ResourceDefinition, columns: string[] = def.list.columns) {
  const dataProvider = useDataProvider()();
  const labelOf = useFieldLabel(def);
  const [progress, setProgress] = useState<ExportProgress>();
  const controller = useRef<AbortController>(undefined);
  const fields = fieldsByName(def, columns);
  const header = fields.map(labelOf);

  const run = async (fetchPage: Parameters<typeof exportCsv>[0]["fetchPage"]) => {
    controller.current = new AbortController();
    setProgress({ done: 0, total: 0 });
    try {
      const { parts, rows } = await exportCsv({
        fields,
        header,
        fetchPage,
        chunkRows: EXPORT_CHUNK_ROWS,
        signal: controller.current.signal,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      downloadText(parts, exportFileName(def.name));
      return rows;
    } catch (error) {
      if (error instanceof ExportCancelled) return undefined;
      throw error;
    } finally {
      setProgress(undefined);
    }
  };

  /** Every row of the list with these filters, in this order (the key breaks ties, so pages do not overlap). */
  const exportList = (filters: CrudFilter[], sorters: CrudSort[]) =>
    run(async (page, size) => {
      const result = await dataProvider.getList({
        resource: def.name,
        meta: metaFor(def),
        filters,
        sorters: [...sorters, { field: idColumnOf(def), order: "asc" }],
        pagination: { currentPage: page, pageSize: size, mode: "server" },
      });
      return { rows: result.data, total: result.total };
    });

  const exportRecords = (records: BaseRecord[]) =>
    run(async (page, size) => ({ rows: records.slice((page - 1) * size, page * size), total: records.length }));

  return { exportList, exportRecords, progress, cancel: () => controller.current?.abort() };
}
