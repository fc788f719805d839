// The endpoints that only send mail: POST /recover, /otp (magic link) and /resend.
// Unknown addresses get the same `{}` as known ones, so nothing leaks.
import type { FastifyInstance } from "fastify";
import { normalizeEmail, readBody } from "../body.js";
import { AUTH_ERRORS } from "../errors.js";
import { vetNewUser } from "../hook-events.js";
import { sendEmailChange, sendLink } from "../links.js";
import { phoneEnabled } from "../phone.js";
import { readPkceParams } from "../pkce.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import { confirmEmail, createUser, findUserByEmail, findUserById, isConfirmed } from "../users.js";
import { clientMeta, rateLimit, redirectTarget } from "./common.js";
import { phoneOtp, phoneResend } from "./phone-flows.js";

const PKCE_FIELDS = { code_challenge: "string", code_challenge_method: "string" } as const;

export function mailFlowRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { auth } = ctx.config;

  app.post("/recover", async (req) => {
    rateLimit(ctx, req, "recover");
    const body = readBody(req, { email: "string", ...PKCE_FIELDS });
    if (!body.email) throw AUTH_ERRORS.validationFailed("Password recovery requires an email", 422);
    const email = normalizeEmail(body.email);
    const options = { redirectTo: redirectTarget(ctx, req), pkce: readPkceParams(body) };
    await inTransaction(ctx, async (db) => {
      const user = await findUserByEmail(db, email);
      if (user) await sendLink(ctx, req, db, user, "recovery", options);
    });
    return {};
  });

  app.post("/otp", async (req) => {
    const body = readBody(req, {
      email: "string",
      phone: "string",
      data: "object",
      create_user: "boolean",
      ...PKCE_FIELDS,
    });
    rateLimit(ctx, req, "otp");
    if (body.phone && !body.email) {
      if (!phoneEnabled(ctx)) throw AUTH_ERRORS.phoneProviderDisabled();
      return phoneOtp(ctx, req, { phone: body.phone, create_user: body.create_user, data: body.data });
    }
    if (!body.email) throw AUTH_ERRORS.validationFailed("An email address or phone number is required");
    const email = normalizeEmail(body.email);
    const options = { redirectTo: redirectTarget(ctx, req), pkce: readPkceParams(body), data: body.data };
    const creates = body.create_user !== false && auth.enable_signup && auth.email.enable_signup;
    const candidate = await vetNewUser(
      ctx,
      clientMeta(req),
      { email, userMetadata: body.data ?? {}, isAnonymous: false },
      async () => !creates || (await findUserByEmail(ctx.db.admin, email)) !== null,
    );
    await inTransaction(ctx, async (db) => {
      let user = await findUserByEmail(db, email);
      if (!user || !isConfirmed(user)) {
        if (body.create_user === false) throw AUTH_ERRORS.otpSignupsDisabled();
        if (!user && (!auth.enable_signup || !auth.email.enable_signup)) {
          throw AUTH_ERRORS.signupDisabled();
        }
        if (!user) await candidate.vet();
        user ??= await createUser(db, {
          id: candidate.id,
          email,
          encryptedPassword: "",
          userMetadata: body.data ?? {},
          confirmed: false,
          selfSignup: true,
        });
        if (auth.email.enable_confirmations) return sendLink(ctx, req, db, user, "signup", options);
        await confirmEmail(db, user.id);
        user = await findUserById(db, user.id);
      }
      if (user) await sendLink(ctx, req, db, user, "magiclink", options);
    });
    return {};
  });

  app.post("/resend", async (req) => {
    rateLimit(ctx, req, "resend");
    const body = readBody(req, { type: "string", email: "string", phone: "string", ...PKCE_FIELDS });
    if (body.type === "sms" && phoneEnabled(ctx)) {
      if (!body.phone) throw AUTH_ERRORS.validationFailed("Type provided requires a phone number");
      return phoneResend(ctx, req, { phone: body.phone });
    }
    if (body.type === "sms" || body.type === "phone_change") {
      throw AUTH_ERRORS.phoneProviderDisabled();
    }
    if (body.type !== "signup" && body.type !== "email_change") {
      throw AUTH_ERRORS.validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
    }
    if (!body.email) throw AUTH_ERRORS.validationFailed("Type provided requires an email address");
    const email = normalizeEmail(body.email);
    const options = { redirectTo: redirectTarget(ctx, req), pkce: readPkceParams(body) };
    await inTransaction(ctx, async (db) => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      if (body.type === "signup" && !isConfirmed(user)) await sendLink(ctx, req, db, user, "signup", options);
      if (body.type === "email_change" && user.email_change) {
        await sendEmailChange(ctx, req, db, user, user.email_change, options);
      }
    });
    return {};
  });
}
