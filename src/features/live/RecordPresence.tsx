// Avatars of the other operators on this record, each saying whether they view or edit it.
import { useTranslate } from "@refinedev/core";
import { Avatar, Space, Tooltip, Typography } from "antd";
import { initialsOf, type PresentOperator } from "./presence";

export function RecordPresence({ others }: { others: PresentOperator[] }) {
  const t = useTranslate();
  if (others.length === 0) return null;
  const describe = (o: PresentOperator) =>
    o.mode === "editing"
      ? t("live.presence.editing", { name: o.name }, "{{name}} is editing")
      : t("live.presence.viewing", { name: o.name }, "{{name}} is viewing");

  return (
    <Space size={6} role="status" aria-label={t("live.presence.label", "Also on this record")}>
      <Avatar.Group max={{ count: 4 }} size="small">
        {others.map((o) => (
          <Tooltip key={o.userId} title={describe(o)}>
            <Avatar size="small" style={{ backgroundColor: o.mode === "editing" ? "#d46b08" : "#1f5fbf" }} aria-hidden>
              {initialsOf(o.name)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <Typography.Text type="secondary" className="opsdesk-presence-text">
        {others.length === 1
          ? describe(others[0])
          : t("live.presence.many", { count: others.length }, "{{count}} others here")}
      </Typography.Text>
    </Space>
  );
}
