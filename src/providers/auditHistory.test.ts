// An order's History reads its own entries and its items' in one request, filed under the order
// by the database (history_of) in Opsdesk's audit log. Fails on the old code, which read the
// compiled demo's public.audit_log (gone since the switch).
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { filedHistory } from "./auditHistory";

describe("filedHistory", () => {
  it("asks opsdesk.audit_log for the entries filed under the record, newest first, below the cursor", async () => {
    const sent: { url: URL; profile: string | null }[] = [];
    const client = createClient("http://stack.test", "anon-key", {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
          sent.push({
            url: new URL(String(input instanceof Request ? input.url : input)),
            profile: new Headers(init?.headers).get("Accept-Profile"),
          });
          return Response.json([]);
        },
      },
    });
    await filedHistory(client, "public", ["orders", "order_items"], "59", 10, 1234);
    const [{ url, profile }] = sent;
    expect(profile).toBe("opsdesk");
    expect(url.pathname).toBe("/rest/v1/audit_log");
    expect(url.searchParams.get("history_of")).toBe("eq.59");
    expect(url.searchParams.get("schema_name")).toBe("eq.public");
    expect(url.searchParams.get("table_name")).toBe("in.(orders,order_items)");
    expect(url.searchParams.get("order")).toBe("at.desc,id.desc");
    expect(url.searchParams.get("id")).toBe("lt.1234");
    expect(url.searchParams.get("limit")).toBe("10");
  });
});
