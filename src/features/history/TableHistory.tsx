// A record's History tab: its entries in Opsdesk's audit log (opsdesk.history, newest first)
// and, for a record with `historyIncludes` (an order), those of the rows that belong to it (its
// items, filed under it by the database), with "Show older" by the last entry's id. With
// entries of several tables, each says whose it is ("Order", "Order item").
import { type BaseRecord, useTranslate } from "@refinedev/core";
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
import { HISTORY_PAGE_SIZE, nextCursor } from "./historyPage";

export function TableHistory({ definition: def, recordId }: { definition: ResourceDefinition; recordId: string }) {
  const t = useTranslate();
  const table = def.table ?? { schema: "public", name: def.name };
  const includes = def.historyIncludes ?? [];
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
    queryKey: ["history", def.name, recordId],
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
      {history.isError && <Alert type="error" showIcon message={localizeMessage(history.error.message, t)} />}
      <AuditTable
        dataSource={entries}
        columns={columns}
        loading={history.isLoading}
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
