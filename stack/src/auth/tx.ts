// Auth's own bookkeeping runs as the superuser pool (GoTrue connects as
// supabase_auth_admin, which owns the auth schema), one transaction per operation.
import type pg from "pg";
import type { AuthContext } from "./state.js";

export async function inTransaction<T>(ctx: AuthContext, fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await ctx.db.admin.connect();
  let broken = false;
  try {
    await client.query("begin");
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
