// A bulk action is ONE request whatever the number of rows (issue 14 item 8): a POST to
// Opsdesk's bulk_write carrying every row's key (and version, for versioned tables); each
// row the database refused comes back named, with the message a form would show.
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { findResource, getResource } from "../resources";
import { writeRows } from "./rowWrites";

const products = getResource("products");
const categories = getResource("categories");

interface Sent {
  method: string;
  url: URL;
  profile: string | null;
  body: {
    schema_name: string;
    table_name: string;
    action: string;
    rows: Record<string, unknown>[];
    changes: Record<string, unknown>;
  };
}

/** A client whose requests are recorded; each is answered with `answer`. */
function recordingClient(answer: () => Response) {
  const sent: Sent[] = [];
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({
          method: init?.method ?? "GET",
          url: new URL(String(input instanceof Request ? input.url : input)),
          profile: new Headers(init?.headers).get("Content-Profile"),
          body: JSON.parse(String(init?.body)),
        });
        return answer();
      },
    },
  });
  return { client, sent };
}

const productRows = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, version: 3 }));

describe("writeRows", () => {
  it("sends a status change of 500 rows as one request with each row's key and version", async () => {
    const { client, sent } = recordingClient(() =>
      Response.json({
        changed: productRows.filter((row) => row.id !== 7).map((row) => ({ id: row.id })),
        refused: [
          {
            key: { id: 7 },
            code: "23514",
            message: 'new row for relation "products" violates check constraint "products_status_check_active"',
            details: null,
            constraint: "products_status_check_active",
            column: null,
          },
        ],
      }),
    );
    const outcome = await writeRows(
      client,
      products,
      { action: "update", records: productRows, values: { status: "active" } },
      findResource,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe("POST");
    expect(sent[0].url.pathname).toBe("/rest/v1/rpc/bulk_write");
    expect(sent[0].profile).toBe("opsdesk");
    expect(sent[0].body).toEqual({
      schema_name: "public",
      table_name: "products",
      action: "update",
      rows: productRows.map(({ id, version }) => ({ id: String(id), version })),
      changes: { status: "active" },
    });
    expect(outcome.changed).toHaveLength(499);
    expect(outcome.unchanged).toEqual([]);
    expect(outcome.refused).toEqual([
      { id: 7, message: "A product can be active only with a price above zero and a category." },
    ]);
  });

  it("sends a delete as one request of keys and names the rows still used, in the order asked", async () => {
    const stillUsed = (id: number) => ({
      key: { id },
      code: "23503",
      message:
        'update or delete on table "categories" violates foreign key constraint "products_category_id_fkey" on table "products"',
      details: `Key (id)=(${id}) is still referenced from table "products".`,
      constraint: "products_category_id_fkey",
      column: null,
    });
    const { client, sent } = recordingClient(() =>
      Response.json({ changed: [{ id: 2 }], refused: [stillUsed(3), stillUsed(1)] }),
    );
    const outcome = await writeRows(client, categories, { action: "delete", ids: [1, 2, 3] }, findResource);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      schema_name: "public",
      table_name: "categories",
      action: "delete",
      rows: [{ id: "1" }, { id: "2" }, { id: "3" }],
      changes: {},
    });
    expect(outcome).toEqual({
      changed: [2],
      unchanged: [],
      refused: [
        { id: 1, message: "This category is still used by products." },
        { id: 3, message: "This category is still used by products." },
      ],
    });
  });

  it("fails as a whole when the call is refused, and sends nothing for no rows", async () => {
    const { client, sent } = recordingClient(() =>
      Response.json(
        { code: "42501", message: "You don't have permission to do that.", details: null, hint: null },
        { status: 403 },
      ),
    );
    await expect(writeRows(client, categories, { action: "delete", ids: [1] }, findResource)).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await writeRows(client, categories, { action: "delete", ids: [] }, findResource)).toEqual({
      changed: [],
      unchanged: [],
      refused: [],
    });
    expect(sent).toHaveLength(1);
  });
});
