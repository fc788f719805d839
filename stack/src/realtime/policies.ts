// Private channels: RLS policies on realtime.messages decide, with realtime.topic()
// set to the channel's topic, as Realtime's Authorization module does. Read = the
// caller can SELECT a probe row of the extension; write = the caller can INSERT one.
// Every probe runs in a transaction that is rolled back.
import type pg from "pg";
import { withScope } from "../db/scope.js";
import type { Claims } from "../shared/jwt.js";

export type Extension = "broadcast" | "presence";

export interface Caller {
  role: string;
  claims: Claims;
}

function scopeOf(caller: Caller, topic: string) {
  return {
    role: caller.role,
    claims: caller.claims,
    method: "",
    path: "",
    headers: {},
    searchPath: ["realtime"],
    settings: { "realtime.topic": topic },
  };
}

function isDenied(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === "42501"; // insufficient_privilege, also raised by RLS WITH CHECK
}

/** Which extensions the caller may read on `topic`. */
export async function readableExtensions(admin: pg.Pool, caller: Caller, topic: string): Promise<Set<Extension>> {
  return withScope(
    admin,
    scopeOf(caller, topic),
    async (client) => {
      // The probe rows are written as the service itself, then read back as the caller.
      await client.query("select set_config('role', 'none', true)");
      const { rows } = await client.query<{ id: string }>(
        "insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence') returning id",
        [topic],
      );
      await client.query("select set_config('role', $1, true)", [caller.role]);
      const visible = await client.query<{ extension: Extension }>(
        "select extension from realtime.messages where id = any($1::uuid[])",
        [rows.map((r) => r.id)],
      );
      return new Set(visible.rows.map((r) => r.extension));
    },
    { rollback: true },
  );
}

/** May the caller send `extension` messages on `topic`? */
export async function canWrite(admin: pg.Pool, caller: Caller, topic: string, extension: Extension): Promise<boolean> {
  try {
    await withScope(
      admin,
      scopeOf(caller, topic),
      (client) => client.query("insert into realtime.messages (topic, extension) values ($1, $2)", [topic, extension]),
      { rollback: true },
    );
    return true;
  } catch (err) {
    if (isDenied(err)) return false;
    throw err;
  }
}
