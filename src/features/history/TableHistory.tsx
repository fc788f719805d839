// The History tab of a record of a table generated from the live schema: its entries in the
// project's opsdesk audit log (opsdesk.history, newest first), shown as the demo's History tab
// shows its own, with "Show older" paging by the last entry's id.
import { useTranslate } from "@refinedev/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Alert, Button } from "antd";
import { localizeMessage } from "../../i18n/messages";
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { decodeKey } from "../../schema/names";
import { useAuditColumns } from "./AuditColumns";
import { AuditTable } from "./AuditTable";
import { HISTORY_PAGE_SIZE } from "./RecordHistory";

export function TableHistory({ definition: def, recordId }: { definition: ResourceDefinition; recordId: string }) {
  const t = useTranslate();
  const columns = useAuditColumns();
  const table = def.table as { schema: string; name: string };
  const key = decodeKey(recordId, def.keyColumns ?? [def.idColumn ?? "id"]) ?? {};
  const history = useInfiniteQuery({
    queryKey: ["history", def.name, recordId],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      backend.history(table, key, HISTORY_PAGE_SIZE, pageParam, {
        resource: def.name,
        operation: "read",
        describe: findResource,
      }),
    getNextPageParam: (page) => (page.length < HISTORY_PAGE_SIZE ? undefined : Number(page.at(-1)?.id)),
  });
  // The entries name their table as the database does; the columns read it as the resource.
  const entries = (history.data?.pages.flat() ?? []).map((entry) => ({ ...entry, table_name: def.name }));
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
