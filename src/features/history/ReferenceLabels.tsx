// The labels of the records a page of audit entries refers to, for its diffs to show
// (referenceLabels.ts): one request per referenced table, shared through context by every
// entry of the page. A record the reader may not see, or one since deleted, keeps its key.
import { type BaseRecord, useDataProvider } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import type { AuditEntry } from "./diff";
import { referencedKeys, referenceTargets } from "./referenceLabels";

type Labels = (table: string, key: string) => string | undefined;

/** The labels the page resolved, by referenced table and key. */
export const LabelsContext = createContext<Labels>(() => undefined);

export const useReferenceLabel = () => useContext(LabelsContext);

export function ReferenceLabels({ entries, children }: { entries: readonly BaseRecord[]; children: ReactNode }) {
  const dataProvider = useDataProvider();
  const keys = referencedKeys(entries as AuditEntry[]);
  const wanted = referenceTargets().filter((target) => keys.has(target.resource));
  const answers = useQueries({
    queries: wanted.map((target) => {
      const ids = keys.get(target.resource) ?? [];
      const valueField = target.valueField ?? "id";
      return {
        queryKey: ["audit-reference-labels", target.resource, ids],
        retry: false,
        queryFn: async () => {
          const { data } = await dataProvider().getList<BaseRecord>({
            resource: target.resource,
            filters: [{ field: valueField, operator: "in", value: ids }],
            pagination: { mode: "off" },
            meta: { select: `${valueField},${target.labelField}` },
          });
          const labels = new Map<string, string>();
          for (const row of data) {
            const label = row[target.labelField];
            if (label !== null && label !== undefined) labels.set(String(row[valueField]), String(label));
          }
          return labels;
        },
      };
    }),
  });
  const byTable = new Map(wanted.map((target, i) => [target.resource, answers[i].data]));
  const lookup: Labels = (table, key) => byTable.get(table)?.get(key);
  return <LabelsContext.Provider value={lookup}>{children}</LabelsContext.Provider>;
}
