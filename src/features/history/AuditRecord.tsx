// The audit log's Record column: the record by its title (its table's title field, as it is
// now), linked to its page, its key on hover. The titles of a page of entries are read in one
// request per table (AuditRecordTitles); an entry of a table the operator may not show, or of a
// record since deleted, shows its key without a link.
import { AccessControlContext, type BaseRecord, useDataProvider } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { Tooltip } from "antd";
import { createContext, type ReactNode, useContext } from "react";
import { ConsoleLink } from "../../components/ConsoleLink";
import { showPath } from "../../components/paths";
import { idColumnOf } from "../../lib/select";
import { findResource } from "../../resources";
import type { AuditEntry } from "./diff";
import { entryRecords, entryResource } from "./referenceLabels";

type Titles = (resource: string, key: string) => string | undefined;

const TitlesContext = createContext<Titles>(() => undefined);

/** The titles of the records a page of entries is about, for each entry's Record cell. */
export function AuditRecordTitles({ entries, children }: { entries: readonly BaseRecord[]; children: ReactNode }) {
  const dataProvider = useDataProvider();
  const { can } = useContext(AccessControlContext);
  const records = [...entryRecords(entries as AuditEntry[])];
  const answers = useQueries({
    queries: records.map(([resource, keys]) => ({
      queryKey: ["audit-record-titles", resource, keys],
      retry: false,
      queryFn: async () => {
        const titles = new Map<string, string>();
        const def = findResource(resource);
        // A table the operator may not show links nowhere and is not read.
        const allowed = can ? (await can({ resource, action: "show" })).can : false;
        if (!def || !allowed) return titles;
        const key = idColumnOf(def);
        const { data } = await dataProvider().getList<BaseRecord>({
          resource,
          filters: [{ field: key, operator: "in", value: keys }],
          pagination: { mode: "off" },
          meta: { select: key === def.titleField ? key : `${key},${def.titleField}` },
        });
        for (const row of data) {
          const title = row[def.titleField];
          titles.set(
            String(row[key]),
            title === null || title === undefined || title === "" ? String(row[key]) : String(title),
          );
        }
        return titles;
      },
    })),
  });
  const byResource = new Map(records.map(([resource], i) => [resource, answers[i].data]));
  const lookup: Titles = (resource, key) => byResource.get(resource)?.get(key);
  return <TitlesContext.Provider value={lookup}>{children}</TitlesContext.Provider>;
}

export function AuditRecord({ entry }: { entry: AuditEntry }) {
  const titleOf = useContext(TitlesContext);
  const resource = entryResource(entry);
  const key = String(entry.record_id);
  const title = titleOf(resource, key);
  const def = findResource(resource);
  if (title === undefined || !def) return key;
  const link = <ConsoleLink to={showPath(def, key)}>{title}</ConsoleLink>;
  return title === key ? link : <Tooltip title={key}>{link}</Tooltip>;
}
