// @vitest-environment jsdom
// Reads and writes of generated resources as PostgREST sees them: the table's schema as the
// profile, names quoted, composite keys as one filter per column, an update that finds the row
// changed since it was loaded refused as stale, bulk actions through opsdesk.bulk_write.
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages";
import { metaFor } from "../lib/select";
import type { ResourceDefinition } from "../resources/types";
import { filedHistory } from "./auditHistory";
import { createDataProvider } from "./dataProvider";
import { bulkWrite, type TableMeta } from "./tableData";

interface Seen {
  method: string;
  url: URL;
  profile: string | null;
  body: unknown;
}

function backend(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        const request: Seen = {
          method: init?.method ?? "GET",
          url: new URL(String(input)),
          profile: headers.get("Accept-Profile") ?? headers.get("Content-Profile"),
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        };
        seen.push(request);
        return answer(request);
      },
    },
  });
  return { client, seen };
}

const members: ResourceDefinition = {
  name: "crm.Members",
  route: "crm.~4dembers",
  table: { schema: "crm", name: "Members" },
  label: { singular: "member", plural: "members" },
  idColumn: "__opsdesk_key",
  keyColumns: ["team id", "user_id"],
  titleField: "Full Name",
  fields: [
    { name: "team id", label: "Team", type: "text" },
    { name: "user_id", label: "User", type: "text" },
    { name: "Full Name", label: "Name", type: "text" },
    { name: "meta", label: "Meta", type: "json" },
  ],
  list: { columns: ["Full Name"], defaultSort: { field: "Full Name", order: "asc" } },
};
const describeIt = (name: string) => (name === members.name ? members : undefined);
const row = { "team id": "a,b", user_id: "u1", "Full Name": "Ada", meta: { x: 1 } };

describe("generated resources' data", () => {
  it("lists in the table's schema with quoted names and gives rows their composite id", async () => {
    const { client, seen } = backend(() => Response.json([row], { headers: { "Content-Range": "0-0/1" } }));
    const provider = createDataProvider(client, describeIt);
    const page = await provider.getList({
      resource: members.name,
      meta: metaFor(members),
      pagination: { currentPage: 1, pageSize: 10 },
      sorters: [{ field: "Full Name", order: "asc" }],
      filters: [{ field: "Full Name", operator: "contains", value: "50%_x" }],
    });
    expect(seen[0].profile).toBe("crm");
    expect(seen[0].url.pathname).toBe("/rest/v1/Members");
    expect(seen[0].url.searchParams.get("select")).toBe('"team id",user_id,"Full Name",meta');
    expect(seen[0].url.searchParams.get("order")).toBe('"Full Name".asc');
    // LIKE's wildcards in the operator's words match themselves.
    expect(seen[0].url.searchParams.get('"Full Name"')).toBe("ilike.%50\\%\\_x%");
    expect(page.data[0].__opsdesk_key).toBe("a%2Cb,u1");
  });

  it("reads one record of a composite key by each of its columns", async () => {
    const { client, seen } = backend(() => Response.json([row]));
    const provider = createDataProvider(client, describeIt);
    const one = await provider.getOne({ resource: members.name, id: "a%2Cb,u1", meta: metaFor(members) });
    expect(seen[0].url.searchParams.get('"team id"')).toBe("eq.a,b");
    expect(seen[0].url.searchParams.get("user_id")).toBe("eq.u1");
    expect(one.data["Full Name"]).toBe("Ada");
  });

  it("refuses an update whose row changed since the form loaded it (no version column)", async () => {
    // The conditional update matches nothing; the row itself is still there.
    const { client, seen } = backend((request) => Response.json(request.method === "PATCH" ? [] : [row]));
    const provider = createDataProvider(client, describeIt);
    await expect(
      provider.update({
        resource: members.name,
        id: "a%2Cb,u1",
        variables: { "Full Name": "Ada L." },
        meta: { ...metaFor(members), loaded: row },
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: MESSAGES.stale });
    const patch = seen[0].url.searchParams;
    expect(patch.get('"Full Name"')).toBe("eq.Ada");
    // JSON is not compared (its text need not round-trip).
    expect(patch.get("meta")).toBeNull();
  });

  it("sends a bulk action as key objects and reads back which rows were written", async () => {
    const { client, seen } = backend(() =>
      Response.json({
        changed: [{ "team id": "a,b", user_id: "u1" }],
        refused: [{ key: { "team id": "c", user_id: "u2" }, code: "23503", message: "still used", hint: null }],
      }),
    );
    const meta = metaFor(members) as TableMeta;
    const outcome = await bulkWrite(client, meta, { action: "delete", ids: ["a%2Cb,u1", "c,u2"] });
    expect(seen[0].url.pathname).toBe("/rest/v1/rpc/bulk_write");
    expect(seen[0].profile).toBe("opsdesk");
    expect(seen[0].body).toEqual({
      schema_name: "crm",
      table_name: "Members",
      action: "delete",
      rows: [
        { "team id": "a,b", user_id: "u1" },
        { "team id": "c", user_id: "u2" },
      ],
      changes: {},
    });
    expect(outcome.changed).toEqual(["a%2Cb,u1"]);
    expect(outcome.refused.map((r) => r.id)).toEqual(["c,u2"]);
  });
});

// An order's History reads its own entries and its items' in one request, filed under the order
// by the database (history_of) in Opsdesk's audit log. Fails on the old code, which read the
// compiled demo's public.audit_log (gone since the switch).
describe("filedHistory", () => {
  it("asks opsdesk.audit_log for the entries filed under the record, newest first, below the cursor", async () => {
    const { client, seen } = backend(() => Response.json([]));
    await filedHistory(client, "public", ["orders", "order_items"], "59", 10, 1234);
    const [{ url, profile }] = seen;
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
