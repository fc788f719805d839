// Revenue by category as labelled horizontal bars (plain elements, no chart library):
// one row per category, bar lengths relative to the largest revenue. A category's row
// links to its products (products without a category have no list filter to open).
import { useTranslate } from "@refinedev/core";
import { theme } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/useFormat";
import { categoryLink } from "./drillDown";
import type { CategoryRevenue } from "./kpis";

function RowLink({ categoryId, children }: { categoryId: number | null; children: ReactNode }) {
  if (categoryId === null) return <>{children}</>;
  return (
    <Link to={categoryLink(categoryId)} className="dashboard-link">
      {children}
    </Link>
  );
}

export function CategoryBars({ rows }: { rows: CategoryRevenue[] }) {
  const t = useTranslate();
  const { token } = theme.useToken();
  const format = useFormat();
  const max = Math.max(0, ...rows.map((r) => r.revenue));
  return (
    <ul
      style={{ listStyle: "none", margin: 0, padding: 0 }}
      aria-label={t("dashboard.byCategory", "Revenue by category")}
    >
      {rows.map((row) => {
        const name = row.name ?? t("dashboard.noCategory", "No category");
        return (
          <li key={row.id ?? "none"} style={{ marginBottom: 8 }} data-testid="category-revenue">
            <RowLink categoryId={row.id}>
              <div style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
                <span>{name}</span>
                <span style={{ fontVariantNumeric: "tabular-nums" }}>{format.money(row.revenue)}</span>
              </div>
              <div style={{ background: token.colorFillSecondary, borderRadius: 2, height: 8 }} aria-hidden>
                <div
                  style={{
                    width: `${max > 0 ? (row.revenue / max) * 100 : 0}%`,
                    height: "100%",
                    background: token.colorSuccess,
                    borderRadius: 2,
                  }}
                />
              </div>
            </RowLink>
          </li>
        );
      })}
    </ul>
  );
}
