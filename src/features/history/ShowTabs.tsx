// A show page's Details / History tabs. History is there for operators who may read the
// audit log; the page renders the bar, then either its details or the history.
import { type BaseKey, useCan, useTranslate } from "@refinedev/core";
import { Tabs } from "antd";
import { useState } from "react";
import { findResource } from "../../resources";
import { TableHistory } from "./TableHistory";

type ShowTab = "details" | "history";

export function useShowTabs(table: string, recordId: BaseKey | undefined) {
  const t = useTranslate();
  const [active, setActive] = useState<ShowTab>("details");
  // A record's history is Opsdesk's audit log, readable by who may show the table.
  const def = findResource(table);
  const canReadHistory = useCan({ resource: table, action: "show" }).data?.can ?? false;
  if (!canReadHistory || recordId === undefined || !def)
    return { bar: null, showing: "details" as const, history: null };
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
    history: <TableHistory definition={def} recordId={String(recordId)} />,
  };
}
