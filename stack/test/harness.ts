// Starts a real stack for a test file: its own database cloned from the template,
// its own port, the official clients pointed at it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { inject } from "vitest";
import WebSocket from "ws";
import { createLogger } from "../src/shared/log.js";
import { type RunningStack, type StackOptions, startStack } from "../src/stack.js";
import { TEMPLATE_DB } from "./global-setup.js";

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface TestStack extends RunningStack {
  /** A supabase-js client with the anon key (no session persistence), sending `headers` on every request. */
  anon(headers?: Record<string, string>): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  service(): SupabaseClient;
  /** A client acting with the given access token (a signed-in user). */
  asUser(accessToken: string): SupabaseClient;
  /** Superuser SQL against this stack's database. */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
}

export interface TestStackOptions extends Pick<StackOptions, "requireApiKey" | "corsOrigins"> {
  /** A project folder holding supabase/ (default: the generic fixture project). */
  projectDir?: string;
}

/** A fresh database cloned from the run's template (the base installed), and its removal. */
export async function cloneTemplateDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject("pgUrl");
  const dbName = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`);
  await admin.end();
  return {
    url: base.replace(/\/postgres$/, `/${dbName}`),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
    },
  };
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const database = await cloneTemplateDatabase();
  const databaseUrl = database.url;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-test-stack-"));
  const stack = await startStack({
    projectDir: options.projectDir ?? path.join(FIXTURES, "basic"),
    requireApiKey: options.requireApiKey ?? false,
    corsOrigins: options.corsOrigins ?? [],
    port: 0,
    databaseUrl,
    dataDir,
    log: createLogger(`test:${new URL(databaseUrl).pathname.slice(1)}`),
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const clientOptions = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  };
  return {
    ...stack,
    anon: (headers) => createClient(stack.url, stack.keys.anon, { ...clientOptions, global: { headers } }),
    service: () => createClient(stack.url, stack.keys.serviceRole, clientOptions),
    asUser: (token) =>
      createClient(stack.url, stack.keys.anon, {
        ...clientOptions,
        global: { headers: { Authorization: `Bearer ${token}` } },
      }),
    sql: async (text, values) => (await pool.query(text, values)).rows,
    stop: async () => {
      await pool.end();
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
