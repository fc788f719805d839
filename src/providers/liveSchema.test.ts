// @vitest-environment jsdom
// The console's resources from the live schema: a first start asks describe(); a warm start
// renders from the cache with no describe() before it, asks schema_version() behind it, and a
// new version replaces the resources in place. A project without Opsdesk has none.
import { createClient } from "@supabase/supabase-js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consoleResources, findResource } from "../resources";
import { SAMPLE } from "../schema/testSchema";
import { forgetLiveSchema, loadLiveSchema, refreshLiveSchema } from "./liveSchema";

function backend(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (input: RequestInfo | URL) => {
        const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
        asked.push(path);
        const answer = answers[path];
        return answer ? answer() : Response.json({ message: `unexpected ${path}` }, { status: 500 });
      },
    },
  });
  return { client, asked };
}

const notInstalled = () => Response.json({ code: "PGRST106", message: "Invalid schema: opsdesk" }, { status: 406 });

describe("live schema", () => {
  beforeEach(() => {
    localStorage.clear();
    forgetLiveSchema();
  });
  // The files share one page (vitest.config.ts): no project kind is left for the next one.
  afterEach(() => localStorage.clear());

  it("describes once, then starts warm from the cache and only asks the version behind it", async () => {
    let version = "v1";
    const { client, asked } = backend({
      "/rest/v1/rpc/describe": () => Response.json({ ...SAMPLE, version }),
      "/rest/v1/rpc/schema_version": () => Response.json(version),
    });
    await expect(loadLiveSchema(client, "ada")).resolves.toBe("generated");
    expect(asked).toEqual(["/rest/v1/rpc/describe"]);
    expect(consoleResources().state).toBe("installed");
    expect(findResource("crm.contacts")?.table).toEqual({ schema: "crm", name: "contacts" });

    // A new page load: nothing in memory, the cache in localStorage.
    forgetLiveSchema();
    asked.length = 0;
    await expect(loadLiveSchema(client, "ada")).resolves.toBe("generated");
    expect(findResource("crm.contacts")).toBeDefined();
    // The resources were there before any request answered; the version goes out behind them.
    await vi.waitFor(() => expect(asked).toEqual(["/rest/v1/rpc/schema_version"]));

    // The schema changed: the next check describes again and the resources follow.
    version = "v2";
    SAMPLE.tables[0].settings = { labels: { en: { singular: "client", plural: "clients" } } };
    await refreshLiveSchema(client);
    expect(asked).toEqual(["/rest/v1/rpc/schema_version", "/rest/v1/rpc/schema_version", "/rest/v1/rpc/describe"]);
    expect(findResource("customers")?.label.plural).toBe("clients");
    SAMPLE.tables[0].settings = null;
  });

  it("keeps each operator's schema apart", async () => {
    const { client } = backend({ "/rest/v1/rpc/describe": () => Response.json(SAMPLE) });
    await loadLiveSchema(client, "ada");
    expect(localStorage.length).toBe(2);
    forgetLiveSchema();
    const other = backend({ "/rest/v1/rpc/describe": () => Response.json({ ...SAMPLE, tables: [] }) });
    await loadLiveSchema(other.client, "bob");
    expect(other.asked).toEqual(["/rest/v1/rpc/describe"]);
    // None of the project's tables: only Opsdesk's own (the audit log) beside them.
    expect(consoleResources().menu.map((def) => def.name)).toEqual(["opsdesk.audit_log"]);
  });

  it("has no resources on a project without Opsdesk (the install screen), and remembers it", async () => {
    const { client, asked } = backend({
      "/rest/v1/rpc/describe": notInstalled,
      "/rest/v1/rpc/schema_version": notInstalled,
    });
    await expect(loadLiveSchema(client, "ada")).resolves.toBe("missing");
    expect(consoleResources().state).toBe("missing");
    // No compiled definitions stand in for the project's tables any more.
    expect(findResource("products")).toBeUndefined();
    forgetLiveSchema();
    expect(consoleResources().state).toBe("pending");
    asked.length = 0;
    // Next start: the install screen at once, Opsdesk asked about behind it.
    await expect(loadLiveSchema(client, "ada")).resolves.toBe("missing");
    expect(consoleResources().state).toBe("missing");
    await vi.waitFor(() => expect(asked).toEqual(["/rest/v1/rpc/schema_version"]));
  });
});
