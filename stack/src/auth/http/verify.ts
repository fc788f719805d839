// POST /verify (verifyOtp) answers with a session; GET /verify (the mailed link)
// answers 303 to redirect_to with the session in the fragment (implicit flow),
// `?code=` (PKCE) or the error in the fragment, as GoTrue does.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import type { ServiceError } from "../../shared/errors.js";
import { normalizeEmail, queryParam, readBody } from "../body.js";
import { AUTH_ERRORS, authErrorCode, ERROR_CODES } from "../errors.js";
import { PKCE_PREFIX } from "../otp.js";
import { normalizePhone, phoneEnabled } from "../phone.js";
import { issueAuthCode } from "../pkce.js";
import { startSession } from "../sessions.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import { isVerifyType, type VerifyInput, type VerifyOutcome, type VerifyType, verify } from "../verification.js";
import { clientMeta, rateLimit, redirectTarget } from "./common.js";
import { phoneVerify } from "./phone-flows.js";

const PENDING_MESSAGE = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

function readType(value: unknown): VerifyType {
  if (value === "sms" || value === "phone_change")
    throw AUTH_ERRORS.validationFailed("Phone verification is not enabled");
  if (!isVerifyType(value)) throw AUTH_ERRORS.validationFailed("Verify requires a verification type");
  return value;
}

function withFragment(url: string, params: Record<string, string>): string {
  const base = url.split("#")[0];
  return `${base}#${new URLSearchParams(params)}&sb=`;
}

function withQuery(url: string, params: Record<string, string>): string {
  const [base, fragment] = url.split("#");
  const sep = base.includes("?") ? "&" : "?";
  return `${base}${sep}${new URLSearchParams(params)}${fragment === undefined ? "" : `#${fragment}`}`;
}

async function runVerify(
  ctx: AuthContext,
  req: FastifyRequest,
  db: pg.ClientBase,
  input: VerifyInput,
): Promise<{ outcome: VerifyOutcome; session?: Record<string, unknown> }> {
  const outcome = await verify(ctx, db, input);
  if (outcome.kind !== "signed_in" || outcome.pkce) return { outcome };
  // GoTrue records every e-mail verification as amr "otp"; PKCE keeps the link's method for the exchange.
  return { outcome, session: await startSession(ctx, db, outcome.userId, "otp", clientMeta(req)) };
}

async function verifyLink(ctx: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  const redirectTo = redirectTarget(ctx, req);
  try {
    rateLimit(ctx, req, "verify");
    const type = readType(queryParam(req, "type"));
    const token = queryParam(req, "token");
    if (!token) throw AUTH_ERRORS.validationFailed("Verify requires a token or a token hash");
    const location = await inTransaction(ctx, async (db) => {
      const { outcome, session } = await runVerify(ctx, req, db, { type, tokenHash: token });
      if (outcome.kind === "email_change_pending") return withFragment(redirectTo, { message: PENDING_MESSAGE });
      if (session) {
        return withFragment(redirectTo, {
          access_token: String(session.access_token),
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: String(session.refresh_token),
          token_type: "bearer",
          type,
        });
      }
      const code = await issueAuthCode(db, outcome.userId, outcome.method);
      if (!code) throw AUTH_ERRORS.flowStateNotFoundForLink();
      return withQuery(redirectTo, { code });
    });
    return reply.code(303).header("location", location).send();
  } catch (err) {
    const errorCode = authErrorCode(err);
    if (!errorCode) throw err;
    const { status, message } = err as ServiceError;
    const description = errorCode === ERROR_CODES.otpExpired ? "Email link is invalid or has expired" : message;
    const params = {
      error: status === 429 ? "server_error" : "access_denied",
      error_code: errorCode,
      error_description: description,
    };
    // Errors drop the redirect's own query; PKCE clients read them from the query too.
    const base = redirectTo.split(/[?#]/)[0];
    const pkce = queryParam(req, "token")?.startsWith(PKCE_PREFIX) ?? false;
    const location = withFragment(pkce ? withQuery(base, params) : base, params);
    return reply.code(303).header("location", location).send();
  }
}

/** token_hash (link hash), email + token (the OTP code), or a bare token (legacy: a link hash). */
function verifyInputOf(type: VerifyType, body: { token?: string; token_hash?: string; email?: string }): VerifyInput {
  if (body.token_hash) return { type, tokenHash: body.token_hash };
  if (body.email && body.token) return { type, email: normalizeEmail(body.email), otp: body.token };
  if (body.token) return { type, tokenHash: body.token };
  throw AUTH_ERRORS.validationFailed("Verify requires either a token or a token hash");
}

export function verifyRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/verify", (req, reply) => verifyLink(ctx, req, reply));

  app.post("/verify", async (req) => {
    const body = readBody(req, {
      type: "string",
      token: "string",
      token_hash: "string",
      email: "string",
      phone: "string",
    });
    rateLimit(ctx, req, "verify");
    if (body.type === "sms" && body.phone && body.token && phoneEnabled(ctx)) {
      return phoneVerify(ctx, req, { phone: body.phone, token: body.token });
    }
    if ((body.type === "sms" || body.type === "phone_change") && body.phone && body.token) {
      // With the phone provider off there are no phone users: GoTrue checks the number, then finds none.
      normalizePhone(body.phone);
      throw AUTH_ERRORS.otpExpired();
    }
    const type = readType(body.type);
    if (body.phone) throw AUTH_ERRORS.validationFailed("Phone verification is not enabled");
    const input = verifyInputOf(type, body);
    return inTransaction(ctx, async (db) => {
      const { outcome, session } = await runVerify(ctx, req, db, input);
      if (outcome.kind === "email_change_pending") return { msg: PENDING_MESSAGE, code: 200 };
      if (session) return session;
      // A PKCE link verified by code: GoTrue signs the user in all the same.
      return startSession(ctx, db, outcome.userId, "otp", clientMeta(req));
    });
  });
}
