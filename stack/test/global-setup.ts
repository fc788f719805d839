// One PostgreSQL for the whole stack test run. It holds a template database with
// the platform base installed; every test stack clones it (CREATE DATABASE …
// TEMPLATE), so each test file gets a fresh, isolated database in ~100 ms.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { installBase } from "../src/db/migrate.js";
import { startEmbeddedPostgres } from "../src/db/postgres.js";
import { createLogger } from "../src/shared/log.js";
import { freePort } from "../src/shared/net.js";
import { removeDataDir } from "../src/stack.js";

export const TEMPLATE_DB = "stack_template";

export default async function setup(project: TestProject) {
  const log = createLogger("test-pg");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-test-pg-"));
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "db"),
    port: await freePort(),
    log,
    unsafeFast: true,
  });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = server.url.replace(/\/postgres$/, `/${TEMPLATE_DB}`);
  const client = new pg.Client({ connectionString: templateUrl });
  await client.connect();
  await installBase(client, log);
  await client.end();

  project.provide("pgUrl", server.url);
  return async () => {
    await server.stop();
    await removeDataDir(dataDir);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
