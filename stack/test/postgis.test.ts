// PostGIS through DATABASE_URL, as docs/extensions.md ("PostGIS") tells users to run a
// PostGIS project: a throwaway PostgreSQL 15 cluster with Debian's PostGIS, the stack
// started against it on a project that uses PostGIS as real ones do (geography points,
// a GiST index, ST_DWithin/ST_Distance in an RPC). Skipped, saying why, on a machine
// without PostgreSQL 15 and PostGIS (.ci/run installs them).
import { spawnSync } from "node:child_process";
import { accessSync, chownSync, constants, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { serverUser } from "../src/db/postgres-user.js";
import { createLogger } from "../src/shared/log.js";
import { freePort } from "../src/shared/net.js";
import { type RunningStack, startStack } from "../src/stack.js";
import { FIXTURES } from "./harness.js";

const PG15_BIN = "/usr/lib/postgresql/15/bin";
const PG15_EXTENSIONS = "/usr/share/postgresql/15/extension";

/** Why this machine cannot run the test, or undefined when it can. */
function missing(): string | undefined {
  if (!existsSync(path.join(PG15_BIN, "pg_ctl")))
    return "PostgreSQL 15 is not installed (apt-get install postgresql-15)";
  if (!existsSync(path.join(PG15_EXTENSIONS, "postgis.control"))) {
    return "PostGIS for PostgreSQL 15 is not installed (apt-get install postgresql-15-postgis-3)";
  }
  try {
    accessSync(PG15_EXTENSIONS, constants.W_OK);
  } catch {
    return `${PG15_EXTENSIONS} is not writable by this user, so the stack cannot add its own extensions there`;
  }
  return undefined;
}

const reason = missing();

describe.skipIf(reason !== undefined)(
  `PostGIS on a PostgreSQL 15 through DATABASE_URL${reason ? ` (skipped: ${reason})` : ""}`,
  () => {
    let dataDir = "";
    let stackDir = "";
    let stack: RunningStack;
    let runAs: { uid?: number; gid?: number } = {};
    const pgCtl = (...args: string[]) => {
      const result = spawnSync(path.join(PG15_BIN, "pg_ctl"), args, { ...runAs, encoding: "utf8", timeout: 60_000 });
      if (result.status !== 0) throw new Error(`pg_ctl ${args[0]} failed: ${result.stderr}${result.stdout}`);
    };

    beforeAll(async () => {
      // As root the cluster runs as `postgres` (PostgreSQL refuses root), in a folder it owns.
      const user = await serverUser();
      runAs = user ? { uid: user.uid, gid: user.gid } : {};
      dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-pg15-"));
      if (user) chownSync(dataDir, user.uid, user.gid);
      const cluster = path.join(dataDir, "data");
      const port = await freePort();
      pgCtl("initdb", "-D", cluster, "-o", "-U postgres --auth=trust -E UTF8 --no-sync");
      pgCtl(
        "start",
        "-w",
        "-D",
        cluster,
        "-l",
        path.join(dataDir, "server.log"),
        "-o",
        `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c wal_level=logical -c fsync=off`,
      );
      stackDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-pg15-stack-"));
      stack = await startStack({
        projectDir: path.join(FIXTURES, "postgis"),
        port: 0,
        databaseUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
        dataDir: stackDir,
        log: createLogger("test:pg15"),
      });
    }, 120_000);

    afterAll(async () => {
      await stack?.stop();
      if (dataDir) {
        if (existsSync(path.join(dataDir, "data", "postmaster.pid")))
          pgCtl("stop", "-m", "fast", "-D", path.join(dataDir, "data"));
        rmSync(dataDir, { recursive: true, force: true });
      }
      if (stackDir) rmSync(stackDir, { recursive: true, force: true });
    });

    const sql = async (text: string) => {
      const client = new pg.Client({ connectionString: stack.dbUrl });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    };

    it("runs the base on PostgreSQL 15 and creates the server's own PostGIS in schema extensions", async () => {
      expect(await sql("select current_setting('server_version_num')::int / 10000 as major")).toEqual([{ major: 15 }]);
      const [postgis] = await sql(
        "select extversion, extnamespace::regnamespace::text as schema from pg_extension where extname = 'postgis'",
      );
      expect(postgis.schema).toBe("extensions");
      expect(postgis.extversion).toMatch(/^3\./);
      // The stack's own extensions went into the server's folder; what it lacks still says why.
      expect(await sql("select extname from pg_extension where extname = 'supabase_vault'")).toHaveLength(1);
      await expect(sql("create extension hypopg with schema extensions")).rejects.toMatchObject({
        code: "0A000",
        message: expect.stringContaining('extension "hypopg" cannot be created on the local stack'),
      });
    });

    it("answers the project's ST_DWithin/ST_Distance RPC and serves geography as PostgREST does", async () => {
      const anon = createClient(stack.url, stack.keys.anon, {
        auth: { persistSession: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      });
      const near = await anon.rpc("places_near", { lat: 52.5163, lng: 13.3777, radius_m: 2000 });
      expect(near.error).toBeNull();
      expect(near.data.map((p: { name: string }) => p.name)).toEqual(["Brandenburg Gate", "Reichstag"]);
      // Geodesic metres from PostGIS: the gate is ~3 m from the point, the Reichstag ~278 m.
      expect(near.data[0].distance_m).toBeLessThan(5);
      expect(near.data[1].distance_m).toBeGreaterThan(270);
      expect(near.data[1].distance_m).toBeLessThan(285);
      const rows = await anon.from("places").select("name, location").eq("name", "Eiffel Tower");
      expect(rows.error).toBeNull();
      // PostgREST renders a geography column as its hex EWKB (SRID 4326 point).
      expect(rows.data?.[0].location).toMatch(/^0101000020E6100000[0-9A-F]{32}$/);
    });

    it("subscribes to postgres_changes with typed filters (pg_input_is_valid is PostgreSQL 16+)", async () => {
      const anon = createClient(stack.url, stack.keys.anon, {
        auth: { persistSession: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      });
      // Realtime answers a postgres_changes join with a `system` message: ok, or why not.
      const subscribe = (topic: string, filter: string) =>
        new Promise<{ status: string; message: string }>((resolve) => {
          anon
            .channel(topic)
            .on("postgres_changes", { event: "INSERT", schema: "public", table: "places", filter }, () => {})
            .on("system", {}, (payload: { status: string; message: string }) => resolve(payload))
            .subscribe();
        });
      try {
        expect(await subscribe("near-ok", "id=in.(1,2)")).toMatchObject({ status: "ok" });
        expect(await subscribe("near-bad", "id=in.(1,x,3)")).toMatchObject({
          status: "error",
          message: 'invalid filter value "x" for column id of type bigint',
        });
      } finally {
        await anon.removeAllChannels();
      }
    });

    it("plans ST_DWithin through the project's GiST index", async () => {
      const client = new pg.Client({ connectionString: stack.dbUrl });
      await client.connect();
      try {
        await client.query("set enable_seqscan = off");
        const { rows } = await client.query(
          "explain (costs off) select id from public.places where extensions.st_dwithin(location, 'SRID=4326;POINT(13.4 52.52)'::extensions.geography, 1000)",
        );
        expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("using places_location_idx");
      } finally {
        await client.end();
      }
    });
  },
);
