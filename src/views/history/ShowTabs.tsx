// A show page's Details / History tabs. History is there for operators who may read the
// audit log; the page renders the bar, then either its details or the history.
import { type BaseKey, useCan, useTranslate } from "@refinedev/core";
import { Tabs } from "antd";
import { useState } from "react";
import { RecordHistory } from "./RecordHistory";

type ShowTab = "details" | "history";

export function useShowTabs(table: string, recordId: BaseKey | undefined) {
  const t = useTranslate();
  const [active, setActive] = useState<ShowTab>("details");
  const canReadHistory = useCan({ resource: "audit_log", action: "list" }).data?.can ?? false;
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
    history: <RecordHistory table={table} recordId={recordId} />,
  };
}
