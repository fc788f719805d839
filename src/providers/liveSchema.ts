// The console's resources from the project's live schema (docs/any-project.md, "The console"):
// `opsdesk.describe()` → src/schema's generator → resources/index.ts, with no rebuild. The
// answer is cached in localStorage per project, operator and schema version, with the CHECK
// rules already read (so a warm start neither asks describe() nor loads the SQL parser before
// its first list); `schema_version()` is asked in the background, and a new version
// replaces the resources in place. A project without Opsdesk has no resources: the console
// shows how to install it (App.tsx).
import { addResourceTexts } from "../i18n/i18nProvider";
import { clearLiveResources, codeDefinitions, setLiveResources } from "../resources";
import { translateChecks } from "../schema/checkRules";
import { tableKey } from "../schema/definitionFromTable";
import type { Described } from "../schema/describe";
import { type ChecksByTable, generateResources } from "../schema/generate";
import { notInstalled, rememberedKind, rememberKind } from "./backendKind";
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";
import { SUPABASE_URL } from "./supabaseConfig";

interface Cached {
  version: string;
  described: Described;
  checks?: ChecksByTable;
}

const CACHE_PREFIX = "opsdesk.schema:";
const cacheKey = (userId: string) => `${CACHE_PREFIX}${SUPABASE_URL}:${userId}`;

function readCache(userId: string): Cached | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(cacheKey(userId));
    const cached = raw ? (JSON.parse(raw) as Cached) : undefined;
    return cached && typeof cached.version === "string" && Array.isArray(cached.described?.tables) ? cached : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(userId: string, cached: Cached): void {
  try {
    // One schema per operator and project: older versions go.
    globalThis.localStorage?.setItem(cacheKey(userId), JSON.stringify(cached));
  } catch {
    // A full storage only costs the next start a describe() round trip.
  }
}

const opsdesk = opsdeskSchema;

type Answer<T> = { data: T | null; error: { code?: string; message: string } | null };

/** `generated`: the resources are the project's; `missing`: the project has no Opsdesk. */
export type LiveSchemaStatus = "missing" | "generated";

interface State {
  userId?: string;
  version?: string;
  /** The answer the resources of the moment were made from (the admin's Tables screen reads it). */
  described?: Described;
  /** Settles once the console knows its resources for userId. */
  ready?: Promise<LiveSchemaStatus>;
}

const state: State = {};

/** Sets the resources from a schema, with its CHECK rules when they have been read. */
function apply(cached: Cached): void {
  const { definitions, texts } = generateResources(cached.described, codeDefinitions, cached.checks);
  addResourceTexts(texts);
  state.described = cached.described;
  setLiveResources(definitions);
  state.version = cached.version;
}

/** The describe() answer the console runs on, if it runs on one. */
export const currentDescribed = (): Described | undefined => state.described;

/** Reads every table's CHECK constraints (loading the parser), then applies and caches them. */
async function readChecks(userId: string, cached: Cached): Promise<void> {
  const checks: ChecksByTable = {};
  for (const table of cached.described.tables) {
    if (table.checks?.length) checks[tableKey(table.schema, table.name)] = await translateChecks(table.checks);
  }
  if (state.userId !== userId || state.version !== cached.version) return;
  const withChecks = { ...cached, checks };
  apply(withChecks);
  writeCache(userId, withChecks);
}

async function describe(client: ConsoleClient, userId: string): Promise<LiveSchemaStatus> {
  const { data, error } = (await opsdesk(client).rpc("describe")) as Answer<Described>;
  if (state.userId !== userId) return "missing";
  if (error || !data) {
    if (notInstalled(error)) {
      rememberKind("missing");
      clearLiveResources("missing");
      return "missing";
    }
    throw new Error(error?.message ?? "describe() answered nothing");
  }
  rememberKind("opsdesk");
  const fresh: Cached = { version: data.version, described: data };
  apply(fresh);
  writeCache(userId, fresh);
  void readChecks(userId, fresh).catch((cause) => console.error("Could not read the CHECK constraints:", cause));
  return "generated";
}

/** Asks `schema_version()` and describes again when it moved on. */
async function revalidate(client: ConsoleClient, userId: string): Promise<void> {
  const { data, error } = (await opsdesk(client).rpc("schema_version")) as Answer<string>;
  if (state.userId !== userId) return;
  if (error) {
    if (notInstalled(error)) {
      rememberKind("missing");
      clearLiveResources("missing");
    }
    return;
  }
  if (data !== state.version) await describe(client, userId);
}

/**
 * The console's resources for the signed-in operator: at once from the cache (the schema
 * version is checked in the background), else from describe(). Settles with whether they are
 * generated or the project has no Opsdesk; a failed describe() without a cache leaves no
 * resources and rejects.
 */
export function loadLiveSchema(client: ConsoleClient, userId: string): Promise<LiveSchemaStatus> {
  if (state.userId === userId && state.ready) return state.ready;
  state.userId = userId;
  state.version = undefined;
  const cached = readCache(userId);
  if (cached) {
    apply(cached);
    if (!cached.checks) void readChecks(userId, cached).catch(() => undefined);
    void revalidate(client, userId).catch(() => undefined);
    state.ready = Promise.resolve("generated");
  } else if (rememberedKind() === "missing") {
    // A project without Opsdesk last time: its screen at once, asked again behind it (an
    // install since then replaces it with the resources).
    clearLiveResources("missing");
    void revalidate(client, userId).catch(() => undefined);
    state.ready = Promise.resolve("missing");
  } else {
    state.ready = describe(client, userId);
  }
  return state.ready;
}

/** A schema change may have happened (a broadcast, the window in focus again): ask the version. */
export function refreshLiveSchema(client: ConsoleClient): Promise<void> {
  return state.userId ? revalidate(client, state.userId) : Promise.resolve();
}

/** Signed out or another operator: forget the schema in memory (each operator's cache stays). */
export function forgetLiveSchema(): void {
  state.userId = undefined;
  state.described = undefined;
  state.ready = undefined;
  state.version = undefined;
  clearLiveResources("pending");
}

/** Whether the console runs on generated resources; undefined until the first load settles. */
export const liveSchemaReady = (): Promise<LiveSchemaStatus> | undefined => state.ready;
