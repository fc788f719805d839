// POST /token: grant_type=password | refresh_token | pkce.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceError } from "../../shared/errors.js";
import { normalizeEmail, queryParam, readBody } from "../body.js";
import { API_VERSION, API_VERSION_HEADER, AUTH_ERRORS, authErrorCode, ERROR_CODES } from "../errors.js";
import { passwordAttempt } from "../hook-events.js";
import { IdTokenGrantParams, PasswordGrantParams, PKCEGrantParams, RefreshTokenGrantParams } from "../params.js";
import { checkPasswordStrength, passwordMatches } from "../passwords.js";
import { isPhoneConfirmed, normalizePhone, phoneEnabled } from "../phone.js";
import { exchangeAuthCode } from "../pkce.js";
import { refreshGrant } from "../refresh.js";
import { startSession } from "../sessions.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import { findUserByEmail, findUserByPhone, isBanned, isConfirmed } from "../users.js";
import { clientMeta, rateLimit } from "./common.js";

/** The weak_password note GoTrue adds to a sign-in whose password no longer meets the policy. */
function weakPasswordNote(ctx: AuthContext, password: string): Record<string, unknown> {
  try {
    checkPasswordStrength(password, ctx.config.auth);
    return {};
  } catch (err) {
    if (authErrorCode(err) === ERROR_CODES.weakPassword) {
      const { weak_password, message } = (err as ServiceError).body as { weak_password: object; message: string };
      return { weak_password: { ...weak_password, message } };
    }
    return {};
  }
}

/** The issuers GoTrue names for the built-in OIDC providers; the local stack enables none of them. */
const OIDC_ISSUERS: Record<string, string> = {
  google: "https://accounts.google.com",
  apple: "https://appleid.apple.com",
  facebook: "https://www.facebook.com",
  kakao: "https://kauth.kakao.com",
};

function idTokenIssuer(req: FastifyRequest): string {
  const { provider, issuer } = readBody(req, IdTokenGrantParams);
  return (provider && OIDC_ISSUERS[provider]) || issuer || "";
}

async function passwordGrant(ctx: AuthContext, req: FastifyRequest) {
  const body = readBody(req, PasswordGrantParams);
  rateLimit(ctx, req, "token");
  if (!body.email && !body.phone) throw AUTH_ERRORS.validationFailed("missing email or phone");
  if (!body.email && !phoneEnabled(ctx)) throw AUTH_ERRORS.phoneLoginsDisabled();
  if (!body.password) throw AUTH_ERRORS.invalidCredentials();
  const password = body.password;
  const user = body.email
    ? await findUserByEmail(ctx.db.admin, normalizeEmail(body.email))
    : await findUserByPhone(ctx.db.admin, normalizePhone(body.phone ?? ""));
  if (!user?.encrypted_password) throw AUTH_ERRORS.invalidCredentials();
  const valid = await passwordMatches(password, user.encrypted_password);
  if (valid && isBanned(user, ctx.clock.now())) throw AUTH_ERRORS.userBanned();
  // As GoTrue: the hook hears of every attempt on an account with a password, right or wrong.
  await passwordAttempt(ctx, clientMeta(req), user.id, valid);
  if (!valid) throw AUTH_ERRORS.invalidCredentials();
  if (body.email && !isConfirmed(user)) throw AUTH_ERRORS.emailNotConfirmedSignIn();
  if (!body.email && !isPhoneConfirmed(user)) throw AUTH_ERRORS.phoneNotConfirmed();
  return inTransaction(ctx, async (db) => {
    const session = await startSession(ctx, db, user.id, "password", clientMeta(req));
    return { ...session, ...weakPasswordNote(ctx, password) };
  });
}

async function refreshTokenGrant(ctx: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  const body = readBody(req, RefreshTokenGrantParams);
  rateLimit(ctx, req, "token");
  if (!body.refresh_token) {
    return reply
      .code(400)
      .header(API_VERSION_HEADER, API_VERSION)
      .send({ error: "invalid_request", error_description: "refresh_token required" });
  }
  const token = body.refresh_token;
  const result = await inTransaction(ctx, (db) => refreshGrant(ctx, db, token, clientMeta(req)));
  if ("error" in result) throw result.error;
  return result.session;
}

async function pkceGrant(ctx: AuthContext, req: FastifyRequest) {
  const body = readBody(req, PKCEGrantParams);
  rateLimit(ctx, req, "token");
  const { auth_code: code, code_verifier: verifier } = body;
  if (!code || !verifier) {
    throw AUTH_ERRORS.validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  return inTransaction(ctx, async (db) => {
    const { userId, method } = await exchangeAuthCode(db, code, verifier);
    return startSession(ctx, db, userId, method, clientMeta(req));
  });
}

export function tokenRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post("/token", async (req, reply) => {
    switch (queryParam(req, "grant_type")) {
      case "password":
        return passwordGrant(ctx, req);
      case "refresh_token":
        return refreshTokenGrant(ctx, req, reply);
      case "pkce":
        return pkceGrant(ctx, req);
      case "web3":
        throw AUTH_ERRORS.web3Disabled();
      case "id_token":
        throw AUTH_ERRORS.providerDisabled(idTokenIssuer(req));
      default:
        throw AUTH_ERRORS.unsupportedGrantType();
    }
  });
}
