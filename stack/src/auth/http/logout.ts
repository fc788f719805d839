// POST /logout?scope=global|local|others → 204. The services that check a token's
// session (db/sessions.ts) stop trusting the user's sessions before the answer leaves.
import type { FastifyInstance } from "fastify";
import { queryParam } from "../body.js";
import { requireUser } from "../caller.js";
import { AUTH_ERRORS } from "../errors.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";

const SCOPES = ["global", "local", "others"] as const;

export function logoutRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post("/logout", async (req, reply) => {
    const scope = queryParam(req, "scope") ?? "global";
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw AUTH_ERRORS.validationFailed(`Unsupported logout scope "${scope}"`);
    }
    const userId = await inTransaction(ctx, async (db) => {
      const { user, session } = await requireUser(ctx, req, db);
      // Refresh tokens and amr claims go with their session (on delete cascade).
      if (scope === "local") {
        if (session) await db.query("delete from auth.sessions where id = $1", [session.id]);
      } else if (scope === "others") {
        await db.query("delete from auth.sessions where user_id = $1 and id is distinct from $2", [
          user.id,
          session?.id ?? null,
        ]);
      } else {
        await db.query("delete from auth.sessions where user_id = $1", [user.id]);
      }
      return user.id;
    });
    ctx.sessions.forgetUser(userId);
    return reply.code(204).send();
  });
}
