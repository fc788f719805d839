// The dashboard's RPCs for an address, in one place: the page makes them (DashboardPage.tsx)
// and the console starts them with the session, before the page mounts (consoleLoader.ts,
// providers/firstReads.ts). The two must ask the very same calls to share the answers.
import type { RpcRead } from "../../providers/firstReads";
import { hasResources } from "../../resources/hasResources";
import { rpcCustom } from "../../resources/rpc";
import { type Period, parsePeriod } from "./kpis";

export interface DashboardReads {
  days: Period;
  kpis: RpcRead;
  perDay: RpcRead;
  byCategory: RpcRead;
}

export function dashboardReads(search: URLSearchParams): DashboardReads {
  const days = parsePeriod(search.get("days"));
  return {
    days,
    kpis: { rpc: "dashboard_kpis", args: {} },
    perDay: { rpc: "orders_per_day", args: { days } },
    byCategory: { rpc: "revenue_by_category", args: { days } },
  };
}

/** Refine's `useCustom` parameters for one read (its `query` becomes the RPC's arguments). */
export const customRead = ({ rpc, args }: RpcRead) => rpcCustom(rpc, args, "get");

/**
 * Whether the project is the demo store, whose functions the dashboard calls: it has the store's
 * tables (the dashboard's page override, src/overrides.tsx, holds only there).
 */
export const hasDemoStore = hasResources("orders", "order_items", "products", "categories", "customers");
