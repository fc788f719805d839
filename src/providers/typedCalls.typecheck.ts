// Planted mistakes that `npm run typecheck` must refuse (issue 29, docs/architecture.md "Typed
// calls"): each line under `@ts-expect-error` names a function, an argument, a column or an enum
// value the migrations and install files do not have, through each way the console calls the backend.
// Should the typing go (an untyped client, a `string` RPC name, an `object` of arguments), the
// mistake compiles, the directive is unused and typecheck fails on it. Never called: the
// mistakes are for the compiler only.

import { rpcCustom } from "../resources/rpc";
import type { ListSearch } from "../resources/types";
import { backend } from "./backend";
import type { RpcRead } from "./firstReads";
import { operatorTable } from "./operatorTables";
import { opsdeskSchema } from "./opsdeskSchema";
import { consoleClient } from "./supabaseClient";

const context = { resource: "orders", operation: "read", describe: () => undefined } as const;

export async function plantedMistakes() {
  const client = consoleClient();

  // The demo's functions through backend.rpc: the right call, then a misspelt name and a renamed argument.
  await backend.rpc("order_next_statuses", { status: "pending" }, context);
  // @ts-expect-error misspelt RPC name
  await backend.rpc("order_next_status", { status: "pending" }, context);
  // @ts-expect-error renamed RPC argument (order_next_statuses takes `status`)
  await backend.rpc("order_next_statuses", { from_status: "pending" }, context);
  // @ts-expect-error a value the order_status enum lacks (an enum argument is the enum's union)
  await backend.rpc("order_next_statuses", { status: "lost" }, context);

  // supabase-js on the console's client.
  await client.rpc("search_count", { resource: "orders", q: "ada" });
  // @ts-expect-error misspelt RPC name
  await client.rpc("search_counts", { resource: "orders", q: "ada" });
  // @ts-expect-error renamed RPC argument (search_count takes `q`)
  await client.rpc("search_count", { resource: "orders", query: "ada" });

  // Opsdesk's schema (install/sql).
  await opsdeskSchema(client).rpc("user_emails", { ids: [] });
  // @ts-expect-error misspelt RPC name
  await opsdeskSchema(client).rpc("user_email", { ids: [] });
  // @ts-expect-error renamed RPC argument (user_emails takes `ids`)
  await opsdeskSchema(client).rpc("user_emails", { user_ids: [] });

  // Refine's useCustom ("rpc/<name>") and a screen's first reads.
  rpcCustom("orders_per_day", { days: 30 }, "get");
  // @ts-expect-error misspelt RPC name
  rpcCustom("order_per_day", { days: 30 }, "get");
  // @ts-expect-error renamed RPC argument (orders_per_day takes `days`)
  rpcCustom("orders_per_day", { period: 30 }, "get");
  const read: RpcRead = { rpc: "revenue_by_category", args: { days: 7 } };
  // @ts-expect-error misspelt RPC name
  const misspeltRead: RpcRead = { rpc: "revenue_per_category", args: { days: 7 } };
  // @ts-expect-error an argument of another function
  const renamedRead: RpcRead = { rpc: "revenue_by_category", args: { q: "x" } };

  // Columns of the console's own queries: the project's tables and Opsdesk's.
  const { data: permissions } = await opsdeskSchema(client)
    .from("permissions")
    .select("role, schema_name, table_name, action");
  const { data: wrongPermissions } = await opsdeskSchema(client).from("permissions").select("role, table_name, verb");
  // @ts-expect-error a wrong column reads as an error, not as the row
  const verb: string | undefined = wrongPermissions?.[0]?.verb;
  // @ts-expect-error a wrong column in a filter
  await opsdeskSchema(client).from("permissions").delete().eq("verb", "list");
  // @ts-expect-error a misspelt table
  await client.from("product").select("id");
  await opsdeskSchema(client).from("operators").select("user_id").eq("email", "ada@example.com");
  // @ts-expect-error a wrong column of Opsdesk's operators
  await opsdeskSchema(client).from("operators").select("user_id").eq("mail", "ada@example.com");
  await operatorTable(client, "saved_views").select("id, name").eq("resource", "orders");
  // @ts-expect-error a wrong column of the operator's saved views
  await operatorTable(client, "saved_views").select("id").eq("list", "orders");

  // A resource's search and state machine functions.
  const search: ListSearch = { rpc: "search_orders" };
  // @ts-expect-error no such search function
  const misspeltSearch: ListSearch = { rpc: "search_order" };

  return { read, misspeltRead, renamedRead, permissions, verb, search, misspeltSearch };
}
