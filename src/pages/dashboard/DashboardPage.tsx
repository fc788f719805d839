// The dashboard (docs/product.md §2 "/"): KPI cards from dashboard_kpis(), and for a chosen period
// (7/30/90 days, kept in `?days=`) orders and revenue per day plus revenue by category.
// Every figure comes from the RPCs, which run with the caller's rights (RLS).

import { useCustom, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Row, Segmented, Skeleton, Statistic, Typography } from "antd";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useTabTitle } from "../../components/useTabTitle";
import { localizeMessage } from "../../i18n/messages";
import { useFormat } from "../../i18n/useFormat";
import { BarChart } from "./BarChart";
import { CategoryBars } from "./CategoryBars";
import "./dashboard.css";
import { dayLink, kpiLink, toKpiWindows } from "./drillDown";
import { isEmptySeries, KPIS, PERIODS, type Period, toCategoryRevenue, toDaySeries, toKpiValues } from "./kpis";
import { customRead, dashboardReads } from "./reads";

type Query = ReturnType<typeof useCustom>["query"];

/** A card, linked to the list it summarises once that link is known. */
function CardLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  if (!to) return <>{children}</>;
  return (
    <Link to={to} className="dashboard-link">
      {children}
    </Link>
  );
}

/** Loading, error (with retry) or the content of one card. */
function Loaded({ query, children }: { query: Query; children: ReactNode }) {
  const t = useTranslate();
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t("dashboard.loadError", "These figures could not be loaded.")}
        description={localizeMessage(query.error?.message ?? "", t)}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            {t("dashboard.retry", "Retry")}
          </Button>
        }
      />
    );
  return <>{children}</>;
}

export function DashboardPage() {
  const t = useTranslate();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const reads = dashboardReads(params);
  const days = reads.days;
  const kpis = useCustom(customRead(reads.kpis));
  const perDay = useCustom(customRead(reads.perDay));
  const byCategory = useCustom(customRead(reads.byCategory));

  const values = toKpiValues(kpis.result.data);
  const windows = toKpiWindows(kpis.result.data);
  const series = toDaySeries(perDay.result.data);
  const dayLinks = series.bounds.map((day) => dayLink(day.from, day.to));
  const categories = toCategoryRevenue(byCategory.result.data);
  const noOrders = <Empty description={t("dashboard.empty", "No orders in this period.")} />;
  const periodText = t("dashboard.period", { count: days }, "last {{count}} days");

  const choosePeriod = (next: Period) =>
    setParams((current) => {
      current.set("days", String(next));
      return current;
    });

  const title = t("dashboard.title", "Dashboard");
  useTabTitle(title);

  return (
    <div style={{ padding: 8 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Loaded query={kpis.query}>
        <Row gutter={[16, 16]}>
          {KPIS.map((kpi) => {
            const value = values[kpi.key];
            const shown = value === undefined ? "–" : kpi.money ? format.money(value) : format.number(value);
            return (
              <Col key={kpi.key} xs={24} sm={12} lg={6}>
                <CardLink to={kpiLink(kpi.key, windows)}>
                  <Card data-testid={`kpi-${kpi.key}`} hoverable>
                    <Statistic title={t(`dashboard.kpi.${kpi.key}`, kpi.title)} value={shown} />
                  </Card>
                </CardLink>
              </Col>
            );
          })}
        </Row>
      </Loaded>
      <div style={{ display: "flex", alignItems: "center", gap: 12, margin: "24px 0 12px" }}>
        <Typography.Text id="dashboard-period">{t("dashboard.periodLabel", "Charts cover")}</Typography.Text>
        <Segmented<Period>
          aria-labelledby="dashboard-period"
          value={days}
          onChange={choosePeriod}
          options={PERIODS.map((p) => ({ value: p, label: t("dashboard.days", { count: p }, "{{count}} days") }))}
        />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={`${t("dashboard.ordersPerDay", "Orders per day")}, ${periodText}`}>
            <Loaded query={perDay.query}>
              {isEmptySeries(series) ? (
                noOrders
              ) : (
                <BarChart
                  labels={series.days}
                  values={series.orders}
                  title={t("dashboard.ordersPerDay", "Orders per day")}
                  format={(count) => format.number(count)}
                  formatLabel={format.date}
                  links={dayLinks}
                />
              )}
            </Loaded>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={`${t("dashboard.revenuePerDay", "Revenue per day")}, ${periodText}`}>
            <Loaded query={perDay.query}>
              {isEmptySeries(series) ? (
                noOrders
              ) : (
                <BarChart
                  labels={series.days}
                  values={series.revenue}
                  title={t("dashboard.revenuePerDay", "Revenue per day")}
                  format={format.money}
                  formatLabel={format.date}
                  links={dayLinks}
                />
              )}
            </Loaded>
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={`${t("dashboard.byCategory", "Revenue by category")}, ${periodText}`}>
            <Loaded query={byCategory.query}>
              {categories.length === 0 ? noOrders : <CategoryBars rows={categories} />}
            </Loaded>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
