// A record's History tab: its entries in Opsdesk's audit log (opsdesk.history, newest first)
// and, for a record with `historyIncludes` (an order), those of the rows that belong to it (its
// items, filed under it by the database; for who may list the audit log), with "Show older" by
// the last entry's id. With entries of several tables, each says whose it is ("Order", "Order
// item"). Live: a change made elsewhere reads the entries again (HistoryLive.tsx).
import { type BaseRecord, useCan, useTranslate } from "@refinedev/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Alert, Button } from "antd";
import type { ColumnsType } from "antd/es/table";
import { localizeMessage } from "../../i18n/messages";
import { resourceKey } from "../../i18n/resourceKeys";
import { humanize } from "../../lib/format";
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { decodeKey, resourceNameOf } from "../../schema/names";
import { useAuditColumns } from "./AuditColumns";
import { AuditTable } from "./AuditTable";
import { HistoryLive } from "./HistoryLive";
import { HISTORY_PAGE_SIZE, nextCursor } from "./historyPage";

export function TableHistory({ definition: def, recordId }: { definition: ResourceDefinition; recordId: string }) {
  const t = useTranslate();
  const table = def.table ?? { schema: "public", name: def.name };
  // The entries filed under a record (an order's items') are read from the audit log itself, so
  // only by who may list it; anyone else who may show the record reads its own entries
  // (opsdesk.history answers them to who may show the table, install 0010).
  const readsLog = useCan({ resource: "opsdesk.audit_log", action: "list" }).data?.can;
  const includes = readsLog ? (def.historyIncludes ?? []) : [];
  // With entries of several tables, each says whose it is.
  const whose: ColumnsType<BaseRecord> = includes.length
    ? [
        {
          key: "table",
          dataIndex: "table_name",
          title: t("audit.record", "Record"),
          render: (name: string) =>
            humanize(t(resourceKey.singular(name), {}, findResource(name)?.label.singular ?? name)),
        },
      ]
    : [];
  const columns = useAuditColumns(whose);
  const key = decodeKey(recordId, def.keyColumns ?? [def.idColumn ?? "id"]) ?? {};
  const context = { resource: def.name, operation: "read" as const, describe: findResource };
  const history = useInfiniteQuery({
    queryKey: ["history", def.name, recordId, includes.length > 0],
    enabled: readsLog !== undefined || !def.historyIncludes?.length,
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }) => {
      // A record with rows of its own (an order's items): the entries filed under it, its own
      // and its rows', in one indexed read; any other record: its own (opsdesk.history).
      const entries = includes.length
        ? await backend.filedHistory(
            table.schema,
            [table.name, ...includes.map((child) => child.table)],
            recordId,
            HISTORY_PAGE_SIZE,
            pageParam,
            context,
          )
        : await backend.history(table, key, HISTORY_PAGE_SIZE, pageParam, context);
      // The entries name their table as the database does; the columns read it as the resource.
      return entries.map((entry) => ({ ...entry, table_name: resourceNameOf(entry.schema_name, entry.table_name) }));
    },
    getNextPageParam: (page) => nextCursor(page),
  });
  const entries = history.data?.pages.flat() ?? [];
  return (
    <>
      <HistoryLive definition={def} recordId={recordId} onChange={() => void history.refetch()} />
      {history.isError && <Alert type="error" showIcon message={localizeMessage(history.error.message, t)} />}
      <AuditTable
        dataSource={entries}
        columns={columns}
        loading={history.isPending}
        pagination={false}
        aria-label={t("history.tableLabel", "Change history")}
        locale={{ emptyText: t("history.empty", "No changes recorded yet.") }}
      />
      {history.hasNextPage && (
        <Button style={{ marginTop: 12 }} loading={history.isFetchingNextPage} onClick={() => history.fetchNextPage()}>
          {t("history.older", "Show older changes")}
        </Button>
      )}
    </>
  );
}
