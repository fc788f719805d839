// The first screen of a console generated from the live schema (src/schema): every table and
// view the operator may list, with its description (the table's comment), as links to the lists.
// The demo's dashboard needs the demo's own functions, so a generated console starts here.
import { useTranslate } from "@refinedev/core";
import { Card, Col, Empty, Row, Typography } from "antd";
import { useSyncExternalStore } from "react";
import { ConsoleLink } from "../../components/ConsoleLink";
import { listPath } from "../../components/paths";
import { useTabTitle } from "../../components/useTabTitle";
import { usePaletteResources } from "../../features/palette/usePaletteResources";
import { consoleResources, onResourcesChange } from "../../resources";

export function TablesOverview() {
  const t = useTranslate();
  const title = t("tables.overview.title", "Tables");
  useTabTitle(title);
  const { resources, allowed } = usePaletteResources();
  const live = useSyncExternalStore(onResourcesChange, consoleResources);
  const labels = new Map(resources.map((r) => [r.name, r.label]));
  const shown = live.menu.filter((def) => allowed(def.name, "list"));
  return (
    <div>
      <Typography.Title level={3}>{title}</Typography.Title>
      {shown.length === 0 ? (
        <Empty description={t("tables.overview.empty", "There are no tables you may open.")} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((def) => (
            <Col key={def.name} xs={24} md={12} xl={8}>
              <Card
                size="small"
                title={<ConsoleLink to={listPath(def)}>{labels.get(def.name) ?? def.label.plural}</ConsoleLink>}
              >
                <Typography.Text type="secondary">
                  {def.description ?? (def.table ? `${def.table.schema}.${def.table.name}` : def.name)}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
