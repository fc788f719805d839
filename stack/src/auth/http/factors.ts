// /factors: MFA enrolment, challenge, verification and unenrolment for the
// signed-in (non-anonymous) user, as GoTrue routes them. TOTP is implemented; a
// WebAuthn factor can be enrolled (an unverified row) but not challenged; phone
// factors need an SMS provider. Each answers GoTrue's "disabled" error when
// [auth.mfa] turns it off.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";
import { readBody } from "../body.js";
import { type Caller, isUuid, requireUser } from "../caller.js";
import { AUTH_ERRORS } from "../errors.js";
import { mfaAttempt } from "../hook-events.js";
import { hookOrigin } from "../hooks.js";
import { checkTotp, createChallenge, enrollTotp, enrollWebAuthn, loadFactor, unenroll, verifyTotp } from "../mfa.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import { rateLimit } from "./common.js";

/** requireAuthentication + requireNotAnonymous, then the work in one transaction. */
function asCaller<T>(ctx: AuthContext, req: FastifyRequest, work: (db: pg.PoolClient, caller: Caller) => Promise<T>) {
  return inTransaction(ctx, async (db) => {
    const caller = await requireUser(ctx, req, db);
    if (caller.claims.is_anonymous === true) throw AUTH_ERRORS.anonymousNotAllowed();
    return work(db, caller);
  });
}

function factorIdOf(req: FastifyRequest): string {
  const { factorId } = req.params as { factorId: string };
  if (!isUuid(factorId)) throw AUTH_ERRORS.mfaFactorIdNotUuid();
  return factorId;
}

export function factorRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { mfa } = ctx.config.auth;

  app.post("/factors", async (req) => {
    const body = readBody(req, { friendly_name: "string", factor_type: "string", issuer: "string", phone: "string" });
    return asCaller(ctx, req, async (db, caller) => {
      if (!caller.session)
        throw AUTH_ERRORS.unexpected("A valid session and a registered user are required to enroll a factor");
      switch (body.factor_type) {
        case "totp":
          if (!mfa.totp.enroll_enabled) throw AUTH_ERRORS.mfaTotpEnrollDisabled();
          return enrollTotp(ctx, db, caller, { friendlyName: body.friendly_name ?? "", issuer: body.issuer });
        case "phone":
          if (!mfa.phone.enroll_enabled) throw AUTH_ERRORS.mfaPhoneEnrollDisabled();
          throw AUTH_ERRORS.phoneProviderDisabled();
        case "webauthn":
          if (!mfa.web_authn.enroll_enabled) throw AUTH_ERRORS.mfaWebAuthnEnrollDisabled();
          return enrollWebAuthn(ctx, db, caller, body.friendly_name ?? "");
        default:
          throw AUTH_ERRORS.mfaFactorTypeInvalid();
      }
    });
  });

  app.post("/factors/:factorId/challenge", async (req) => {
    rateLimit(ctx, req, "mfa");
    return asCaller(ctx, req, async (db, caller) => {
      const factor = await loadFactor(db, caller.user.id, factorIdOf(req));
      if (factor.factor_type !== "totp") throw verifyDisabled(factor.factor_type);
      if (!mfa.totp.verify_enabled) throw AUTH_ERRORS.mfaTotpVerifyDisabled();
      return createChallenge(db, factor, req.ip);
    });
  });

  app.post("/factors/:factorId/verify", async (req) => {
    rateLimit(ctx, req, "mfa");
    const body = readBody(req, { challenge_id: "string", code: "string" });
    const attempt = await asCaller(ctx, req, async (db, caller) => {
      const factor = await loadFactor(db, caller.user.id, factorIdOf(req));
      if (!body.code && factor.factor_type !== "webauthn") throw AUTH_ERRORS.mfaCodeRequired();
      if (factor.factor_type !== "totp") throw verifyDisabled(factor.factor_type);
      if (!mfa.totp.verify_enabled) throw AUTH_ERRORS.mfaTotpVerifyDisabled();
      if (!isUuid(body.challenge_id)) throw AUTH_ERRORS.mfaChallengeNotFound();
      const params = { challengeId: body.challenge_id, code: body.code ?? "", ip: req.ip };
      const valid = await checkTotp(db, factor, params);
      return { userId: caller.user.id, factorId: factor.id, challengeId: body.challenge_id, valid };
    });
    // Between the two, as GoTrue calls it: in no transaction of the flow, so what the hook
    // writes (a failed attempt counted) stays, and a rejection has ended the sessions.
    await mfaAttempt(ctx, hookOrigin(req), { ...attempt, factorType: "totp" });
    if (!attempt.valid) throw AUTH_ERRORS.mfaVerificationFailed("Invalid TOTP code entered");
    return asCaller(ctx, req, async (db, caller) =>
      verifyTotp(ctx, db, caller, await loadFactor(db, caller.user.id, attempt.factorId), {
        challengeId: attempt.challengeId,
        ip: req.ip,
      }),
    );
  });

  app.delete("/factors/:factorId", async (req) => {
    return asCaller(ctx, req, async (db, caller) =>
      unenroll(db, caller, await loadFactor(db, caller.user.id, factorIdOf(req))),
    );
  });
}

function verifyDisabled(factorType: string) {
  return factorType === "phone" ? AUTH_ERRORS.mfaPhoneVerifyDisabled() : AUTH_ERRORS.mfaWebAuthnVerifyDisabled();
}
