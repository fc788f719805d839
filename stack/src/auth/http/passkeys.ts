// /passkeys: registration (signed-in, not anonymous), discoverable sign-in, and the
// user's own list, rename and removal; /admin/users/:id/passkeys: an admin's list and
// removal. Routed as GoTrue routes them (api.go): every /passkeys route answers 404
// passkey_disabled while [auth.passkey] is off, the admin routes do not.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";
import { readBody } from "../body.js";
import { type Caller, isUuid, requireUser } from "../caller.js";
import { AUTH_ERRORS } from "../errors.js";
import {
  authenticationOptions,
  authenticationVerify,
  type CeremonyAnswer,
  deletePasskey,
  listPasskeys,
  registrationOptions,
  registrationVerify,
  renamePasskey,
} from "../passkeys.js";
import { startSession } from "../sessions.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import { findUserById } from "../users.js";
import { clientMeta, rateLimit } from "./common.js";

function asCaller<T>(
  ctx: AuthContext,
  req: FastifyRequest,
  opts: { notAnonymous: boolean },
  work: (db: pg.PoolClient, caller: Caller) => Promise<T>,
) {
  return inTransaction(ctx, async (db) => {
    const caller = await requireUser(ctx, req, db);
    if (opts.notAnonymous && caller.claims.is_anonymous === true) throw AUTH_ERRORS.anonymousNotAllowed();
    return work(db, caller);
  });
}

/** The verify bodies: challenge_id must be a string if present; credential is any JSON. */
function answerOf(req: FastifyRequest): CeremonyAnswer {
  readBody(req, { challenge_id: "string" });
  const body = (req.body ?? {}) as Record<string, unknown>;
  return { challengeId: body.challenge_id, credential: body.credential };
}

function passkeyIdOf(req: FastifyRequest): string {
  return (req.params as { passkeyId: string }).passkeyId;
}

export function passkeyRoutes(app: FastifyInstance, ctx: AuthContext): void {
  void app.register(async (scope) => {
    // requirePasskeyEnabled runs before anything else, the body included.
    scope.addHook("onRequest", async () => {
      if (!ctx.config.auth.passkey.enabled) throw AUTH_ERRORS.passkeyDisabled();
    });

    scope.post("/passkeys/authentication/options", async (req) => {
      rateLimit(ctx, req, "passkey");
      return inTransaction(ctx, (db) => authenticationOptions(ctx, db));
    });

    scope.post("/passkeys/authentication/verify", async (req) => {
      const answer = answerOf(req);
      return inTransaction(ctx, async (db) => {
        const user = await authenticationVerify(ctx, db, answer);
        return startSession(ctx, db, user.id, "passkey", clientMeta(req));
      });
    });

    scope.post("/passkeys/registration/options", (req) =>
      asCaller(ctx, req, { notAnonymous: true }, (db, caller) => registrationOptions(ctx, db, caller)),
    );

    scope.post("/passkeys/registration/verify", (req) =>
      asCaller(ctx, req, { notAnonymous: true }, (db, caller) => registrationVerify(ctx, db, caller, answerOf(req))),
    );

    scope.get("/passkeys", (req) =>
      asCaller(ctx, req, { notAnonymous: false }, (db, caller) => listPasskeys(db, caller.user.id)),
    );

    scope.patch("/passkeys/:passkeyId", (req) => {
      const body = readBody(req, { friendly_name: "string" });
      return asCaller(ctx, req, { notAnonymous: false }, (db, caller) =>
        renamePasskey(db, caller, passkeyIdOf(req), body.friendly_name),
      );
    });

    scope.delete("/passkeys/:passkeyId", async (req, reply) => {
      await asCaller(ctx, req, { notAnonymous: false }, (db, caller) =>
        deletePasskey(db, caller.user.id, passkeyIdOf(req), caller),
      );
      return reply.code(204).send();
    });
  });
}

/** Registered in the admin scope (service-role JWT checked there). */
export function adminPasskeyRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const userOf = async (db: pg.ClientBase, req: FastifyRequest) => {
    const { id } = req.params as { id: string };
    if (!isUuid(id)) throw AUTH_ERRORS.userIdNotUuid();
    const user = await findUserById(db, id);
    if (!user) throw AUTH_ERRORS.userNotFound();
    return user;
  };

  app.get("/admin/users/:id/passkeys", (req) =>
    inTransaction(ctx, async (db) => listPasskeys(db, (await userOf(db, req)).id)),
  );

  app.delete("/admin/users/:id/passkeys/:passkeyId", async (req, reply) => {
    await inTransaction(ctx, async (db) => deletePasskey(db, (await userOf(db, req)).id, passkeyIdOf(req)));
    return reply.code(204).send();
  });
}
