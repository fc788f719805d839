// The console's one way to the backend besides Refine's providers: typed calls bound to the
// one client, each failing in the console's words — errors.ts for tables and RPCs,
// functionErrors.ts for edge functions, authErrors.ts for auth, storage-js errors for the
// screen to word with its bucket's rules. Only src/providers/ imports supabase-js or the
// client (biome.json); screens use Refine's hooks or this.

import type { BaseKey } from "@refinedev/core";
import type { AuditEntry, FileBucket, ImportResult, ManageResult, TableSettings } from "../resources/describe.types";
import { asJson, fromJson, type PublicRpc, type RpcArgs, type RpcResult } from "../resources/rpc";
import type { ResourceDefinition } from "../resources/types";
import { anyRpc } from "./anyTable";
import { filedHistory } from "./auditHistory";
import { type DescribeResource, type Operation, type PostgrestLikeError, toHttpError } from "./errors";
import { removeRecordFiles } from "./fileCleanup";
import { invokeFunction } from "./functionErrors";
import { type ListColumnsChoice, loadListColumns, saveListColumns } from "./listColumns";
import { currentDescribed, refreshLiveSchema } from "./liveSchema";
import * as operatorAdmin from "./operatorAdmin";
import { finishSignIn, warmUp } from "./operatorGate";
import { opsdeskSchema } from "./opsdeskSchema";
import { consolePermissions } from "./permissionStore";
import { loadPreferenceRow, storePreference } from "./preferenceRows";
import { createRecordViewers } from "./recordViewers";
import { type RowsWrite, writeRows } from "./rowWrites";
import { savedViewsApi, type Translate } from "./savedViews";
import { storageBucket } from "./storage";
import { consoleClient } from "./supabaseClient";
import { createUserEmails, type UserEmails } from "./userEmails";

let userEmails: UserEmails | undefined;

let viewers: ReturnType<typeof createRecordViewers> | undefined;
const recordViewers = () => {
  viewers ??= createRecordViewers(consoleClient());
  return viewers;
};

/** Whose words a failed RPC is reported in: the resource it works on and what it does to it. */
export interface RpcContext {
  resource: string;
  operation: Operation;
  describe: DescribeResource;
}

/** An Opsdesk admin RPC's refusal (docs/any-project.md) as an HttpError that keeps its cause. */
const adminRpcError = (error: PostgrestLikeError, resource: string) =>
  Object.assign(
    toHttpError(error, resource, "update", () => undefined),
    { cause: error },
  );

export const backend = {
  /** The console's side of a sign-in (operatorGate.ts); everything else of auth is in authBackend.ts. */
  auth: {
    /** The password (and the app's code) were right: the operator gate, with the first reads beside it. */
    finishSignIn: () => finishSignIn(consoleClient(), consolePermissions()),
    /** A signed-in page load: starts the console's first reads with the session (firstReads.ts). */
    warmUp: () => warmUp(consoleClient(), consolePermissions()),
  },

  /**
   * Calls one of the demo's Postgres functions (PostgREST /rpc), its name and arguments typed by
   * the generated Database types (resources/rpc.ts); a failure is an HttpError worded for `context`.
   */
  rpc: async <N extends PublicRpc>(name: N, args: RpcArgs<N>, context: RpcContext): Promise<RpcResult<N>> => {
    const { data, error } = await anyRpc(consoleClient(), name, args);
    if (error) throw toHttpError(error, context.resource, context.operation, context.describe);
    return data as RpcResult<N>;
  },

  /** The operator names themselves (Opsdesk's `set_my_name`). */
  setMyName: async (fullName: string, context: RpcContext): Promise<void> => {
    const { error } = await opsdeskSchema(consoleClient()).rpc("set_my_name", { full_name: fullName });
    if (error) throw toHttpError(error, context.resource, context.operation, context.describe);
  },

  /**
   * Imports rows into a table generated from the live schema through the project's
   * `opsdesk.import_rows` (dry run, then all or nothing; docs/any-project.md).
   */
  importRows: async (
    table: { schema: string; name: string },
    args: { rows: Record<string, unknown>[]; labels: Record<string, string>; dry_run: boolean },
    context: RpcContext,
  ): Promise<ImportResult> => {
    const { data, error } = await opsdeskSchema(consoleClient()).rpc("import_rows", {
      schema_name: table.schema,
      table_name: table.name,
      rows: asJson(args.rows),
      labels: asJson(args.labels),
      dry_run: args.dry_run,
    });
    if (error) throw toHttpError(error, context.resource, context.operation, context.describe);
    return fromJson<ImportResult>(data);
  },

  /**
   * A record's audit entries, newest first, through the project's `opsdesk.history` (the audit
   * log's policy decides what the caller sees; docs/any-project.md).
   */
  history: async (
    table: { schema: string; name: string },
    key: Record<string, unknown>,
    pageLimit: number,
    beforeId: number | null,
    context: RpcContext,
  ): Promise<AuditEntry[]> => {
    const { data, error } = await opsdeskSchema(consoleClient()).rpc("history", {
      schema_name: table.schema,
      table_name: table.name,
      key: asJson(key),
      page_limit: pageLimit,
      ...(beforeId === null ? {} : { before_id: beforeId }),
    });
    if (error) throw toHttpError(error, context.resource, context.operation, context.describe);
    return (data ?? []) as AuditEntry[];
  },

  /**
   * A record's audit entries together with those of the rows that belong to it (an order's
   * items), newest first, older than `beforeId`: the entries the demo's database files under the
   * record (`opsdesk.audit_log.history_of`, supabase/migrations/20250731100200, indexed), read
   * under the audit log's policy, which shows only entries of tables the caller may read.
   */
  filedHistory: async (
    schema: string,
    tables: string[],
    recordId: string,
    pageLimit: number,
    beforeId: number | null,
    context: RpcContext,
  ): Promise<AuditEntry[]> => {
    const { data, error } = await filedHistory(consoleClient(), schema, tables, recordId, pageLimit, beforeId);
    if (error) throw toHttpError(error, context.resource, context.operation, context.describe);
    return (data ?? []) as AuditEntry[];
  },

  /** Calls an edge function; a failure is a FunctionCallError (functionErrors.ts). */
  invoke: <T>(name: string, body: object) => invokeFunction<T>(consoleClient(), name, body),

  /** Writes outside Refine's mutations (bulk actions, undoable deletes): one request per action (rowWrites.ts). */
  records: {
    write: (def: ResourceDefinition, write: RowsWrite, describe: DescribeResource) =>
      writeRows(consoleClient(), def, write, describe),
    /** The files of deleted records (fileCleanup.ts); Refine's deletes do this themselves. */
    removeFiles: (def: ResourceDefinition, ids: BaseKey[]) => removeRecordFiles(consoleClient(), def, ids),
  },

  storage: (bucket: string) => storageBucket(consoleClient(), bucket),

  savedViews: (t: Translate) => savedViewsApi(consoleClient(), t),

  /** The operator's column choice per list (listColumns.ts). */
  listColumns: {
    load: (resource: string) => loadListColumns(consoleClient(), resource),
    save: (resource: string, choice: ListColumnsChoice) => saveListColumns(consoleClient(), resource, choice),
  },

  preferences: {
    load: () => loadPreferenceRow(consoleClient()),
    store: (change: Parameters<typeof storePreference>[1]) => storePreference(consoleClient(), change),
  },

  /** The admin's Tables screen: the live schema as described, and Opsdesk's admin RPCs on it. */
  tables: {
    described: currentDescribed,
    /** Asks schema_version() again (after a change this console made). */
    refresh: () => refreshLiveSchema(consoleClient()),
    setSettings: async (schema: string, table: string, settings: TableSettings) => {
      const { data, error } = await opsdeskSchema(consoleClient()).rpc("set_table_settings", {
        schema_name: schema,
        table_name: table,
        settings: asJson(settings),
      });
      if (error) throw adminRpcError(error, table);
      return fromJson<TableSettings>(data);
    },
    manage: async (schema: string, table: string, allowWithoutRls: boolean) => {
      const { data, error } = await opsdeskSchema(consoleClient()).rpc("manage_table", {
        schema_name: schema,
        table_name: table,
        allow_without_rls: allowWithoutRls,
      });
      if (error) throw adminRpcError(error, table);
      return fromJson<ManageResult>(data);
    },
    /** The project's buckets, for the file-column picker (opsdesk.storage_buckets(), admins, install 0006). */
    buckets: async () => {
      const { data, error } = await opsdeskSchema(consoleClient()).rpc("storage_buckets");
      if (error) throw adminRpcError(error, "files");
      return fromJson<FileBucket[]>(data);
    },
    /** The limits of the buckets file columns name (opsdesk.file_buckets(), install 0003). */
    fileBuckets: async () => {
      const { data, error } = await opsdeskSchema(consoleClient()).rpc("file_buckets");
      if (error) throw adminRpcError(error, "files");
      return fromJson<FileBucket[]>(data);
    },
  },

  /**
   * Operators, roles and the matrix of a project with Opsdesk installed (operatorAdmin.ts): admins'
   * reads and writes of `opsdesk`, refusals as AdminErrors in the operator's words.
   */
  operatorAdmin: {
    list: (query: operatorAdmin.OperatorQuery) => operatorAdmin.listOperators(consoleClient(), query),
    update: (userId: string, change: Parameters<typeof operatorAdmin.updateOperator>[2]) =>
      operatorAdmin.updateOperator(consoleClient(), userId, change),
    remove: (userId: string) => operatorAdmin.removeOperator(consoleClient(), userId),
    invite: (command: operatorAdmin.InviteCommand) => operatorAdmin.inviteOperator(consoleClient(), command),
    invitations: () => operatorAdmin.openInvitations(consoleClient()),
    resendInvitation: (userId: string, redirectTo?: string) =>
      operatorAdmin.resendInvitation(consoleClient(), userId, redirectTo),
    revokeInvitation: (userId: string) => operatorAdmin.revokeInvitation(consoleClient(), userId),
    roles: () => operatorAdmin.listRoles(consoleClient()),
    addRole: (role: { name: string; description?: string }) => operatorAdmin.addRole(consoleClient(), role),
    describeRole: (name: string, description: string) => operatorAdmin.describeRole(consoleClient(), name, description),
    removeRole: (name: string) => operatorAdmin.removeRole(consoleClient(), name),
    matrix: () => operatorAdmin.loadMatrix(consoleClient()),
    writeCell: (cell: operatorAdmin.MatrixCell, granted: boolean) =>
      operatorAdmin.writeCell(consoleClient(), cell, granted),
  },

  /** E-mails of auth users (userEmails.ts), batched per render. */
  userEmails: () => {
    userEmails ??= createUserEmails(consoleClient());
    return userEmails;
  },

  presence: {
    /** Announces the screen on a record and reports its viewers (recordViewers.ts); returns `leave`. */
    join: (...args: Parameters<ReturnType<typeof createRecordViewers>["join"]>) => recordViewers().join(...args),
  },
};
