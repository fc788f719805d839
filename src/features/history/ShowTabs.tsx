// A show page's Details / History tabs. History is there for operators who may read the
// audit log; the page renders the bar, then either its details or the history.
import { type BaseKey, useCan, useTranslate } from "@refinedev/core";
import { Tabs } from "antd";
import { useState } from "react";
import { findResource } from "../../resources";
import { RecordHistory } from "./RecordHistory";
import { TableHistory } from "./TableHistory";

type ShowTab = "details" | "history";

export function useShowTabs(table: string, recordId: BaseKey | undefined) {
  const t = useTranslate();
  const [active, setActive] = useState<ShowTab>("details");
  // A generated table's history is the project's opsdesk audit log, readable by who may show the table.
  const def = findResource(table);
  const generated = Boolean(def?.table);
  const canReadHistory =
    useCan({ resource: generated ? table : "audit_log", action: generated ? "show" : "list" }).data?.can ?? false;
  if (!canReadHistory || recordId === undefined) return { bar: null, showing: "details" as const, history: null };
  return {
    bar: (
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as ShowTab)}
        items={[
          { key: "details", label: t("history.tabs.details", "Details") },
          { key: "history", label: t("history.tabs.history", "History") },
        ]}
      />
    ),
    showing: active,
    history:
      def?.table && def ? (
        <TableHistory definition={def} recordId={String(recordId)} />
      ) : (
        <RecordHistory table={table} recordId={recordId} />
      ),
  };
}
