// The first dashboard: KPI cards from dashboard_kpis() and orders per day over 30 days.
import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, Empty, Row, Spin, Statistic, Typography } from "antd";
import { formatMoney, humanize } from "../../views/format";
import { BarChart } from "./BarChart";
import { toKpis, toSeries } from "./kpis";

const DAYS = 30;

export function DashboardPage() {
  const kpis = useCustom({ url: "rpc/dashboard_kpis", method: "get" });
  const perDay = useCustom({ url: "rpc/orders_per_day", method: "get", config: { query: { days: DAYS } } });
  const cards = toKpis(kpis.result.data);
  const series = toSeries(perDay.result.data);

  return (
    <div style={{ padding: 8 }}>
      <Typography.Title level={3}>Dashboard</Typography.Title>
      {kpis.query.isError && <Alert type="error" showIcon message={kpis.query.error?.message} />}
      <Spin spinning={kpis.query.isLoading}>
        <Row gutter={[16, 16]}>
          {cards.map((kpi) => (
            <Col key={kpi.key} xs={24} sm={12} lg={6}>
              <Card>
                <Statistic title={kpi.title} value={kpi.value} />
              </Card>
            </Col>
          ))}
        </Row>
      </Spin>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {Object.entries(series.values).map(([key, values]) => (
          <Col key={key} xs={24} lg={12}>
            <Card title={`${humanize(key)} per day, last ${DAYS} days`}>
              <BarChart
                labels={series.labels}
                values={values}
                title={humanize(key)}
                format={/revenue|total/i.test(key) ? formatMoney : String}
              />
            </Card>
          </Col>
        ))}
        {!perDay.query.isLoading && series.labels.length === 0 && (
          <Col span={24}>
            <Card>
              <Empty description="No orders in this period." />
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
