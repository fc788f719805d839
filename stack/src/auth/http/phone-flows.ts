// The phone branches of /signup, /otp, /verify, /resend and the password grant, taken when
// `[auth.sms] enable_signup` is on (phone.ts): as GoTrue's signup.go, otp.go and verify.go
// with the phone provider, the codes sent through the send_sms hook. A new phone user is
// vetted by before_user_created like an e-mail one.
import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import { AUTH_ERRORS } from "../errors.js";
import { vetNewUser } from "../hook-events.js";
import { checkPasswordStrength, hashPassword } from "../passwords.js";
import { isPhoneConfirmed, normalizePhone, sendPhoneCode, smsAutoconfirm, userForPhoneCode } from "../phone.js";
import { startSession } from "../sessions.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import { confirmPhone, createUser, findUserById, findUserByPhone, obfuscatedUser, renderUser } from "../users.js";
import { clientMeta } from "./common.js";

/** Vets the would-be phone user when the number is free; the returned id is the one to insert. */
function candidateFor(ctx: AuthContext, req: FastifyRequest, phone: string, data: Record<string, unknown>) {
  return vetNewUser(
    ctx,
    clientMeta(req),
    { email: null, phone, userMetadata: data, isAnonymous: false },
    async () => (await findUserByPhone(ctx.db.admin, phone)) !== null,
  );
}

/** The vetted phone user, signed up by the number's owner (not yet confirmed). */
async function createPhoneUser(
  db: pg.ClientBase,
  candidate: { id: string; vet: () => Promise<void> },
  phone: string,
  encryptedPassword: string,
  data: Record<string, unknown>,
) {
  await candidate.vet();
  return createUser(db, {
    id: candidate.id,
    email: null,
    phone,
    encryptedPassword,
    userMetadata: data,
    confirmed: false,
    selfSignup: true,
  });
}

/** POST /signup with a phone and a password. */
export async function phoneSignup(
  ctx: AuthContext,
  req: FastifyRequest,
  body: { phone: string; password?: string; data: Record<string, unknown> },
) {
  const phone = normalizePhone(body.phone);
  if (!body.password) throw AUTH_ERRORS.validationFailed("Signup requires a valid password", 422);
  checkPasswordStrength(body.password, ctx.config.auth);
  const encryptedPassword = await hashPassword(body.password);
  const candidate = await candidateFor(ctx, req, phone, body.data);
  return inTransaction(ctx, async (db) => {
    let user = await findUserByPhone(db, phone);
    if (user && isPhoneConfirmed(user)) {
      if (smsAutoconfirm(ctx)) throw AUTH_ERRORS.userAlreadyExists();
      return obfuscatedUser({ phone }, body.data, ctx.clock.now());
    }
    // An unconfirmed number is not updated: nobody has proven it is theirs (GoTrue's signup).
    user ??= await createPhoneUser(db, candidate, phone, encryptedPassword, body.data);
    if (smsAutoconfirm(ctx)) {
      await confirmPhone(db, user.id);
      return startSession(ctx, db, user.id, "password", clientMeta(req));
    }
    await sendPhoneCode(ctx, req, db, user, phone);
    return renderUser(db, (await findUserById(db, user.id)) ?? user);
  });
}

/** POST /otp with a phone: a code by SMS, the user signed up first when the number is new. */
export async function phoneOtp(
  ctx: AuthContext,
  req: FastifyRequest,
  body: { phone: string; create_user?: boolean; data?: Record<string, unknown> },
): Promise<Record<string, never>> {
  const phone = normalizePhone(body.phone);
  const data = body.data ?? {};
  const known = await findUserByPhone(ctx.db.admin, phone);
  if (!known && body.create_user === false) throw AUTH_ERRORS.otpSignupsDisabled();
  if (known && isPhoneConfirmed(known)) {
    await inTransaction(ctx, (db) => sendPhoneCode(ctx, req, db, known, phone));
    return {};
  }
  if (!ctx.config.auth.enable_signup) throw AUTH_ERRORS.signupDisabled();
  // As GoTrue: a sign-up with a password nobody knows, then the code.
  const encryptedPassword = await hashPassword(randomBytes(32).toString("base64url").slice(0, 64));
  const candidate = await candidateFor(ctx, req, phone, data);
  await inTransaction(ctx, async (db) => {
    const user =
      (await findUserByPhone(db, phone)) ?? (await createPhoneUser(db, candidate, phone, encryptedPassword, data));
    if (smsAutoconfirm(ctx)) await confirmPhone(db, user.id);
    await sendPhoneCode(ctx, req, db, user, phone);
  });
  return {};
}

/** POST /verify type sms: the code confirms the number and signs the user in. */
export async function phoneVerify(ctx: AuthContext, req: FastifyRequest, body: { phone: string; token: string }) {
  const phone = normalizePhone(body.phone);
  return inTransaction(ctx, async (db) => {
    const user = await userForPhoneCode(ctx, db, phone, body.token);
    await confirmPhone(db, user.id);
    await db.query("update auth.users set is_anonymous = false where id = $1 and is_anonymous", [user.id]);
    await db.query("delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'", [
      user.id,
    ]);
    return startSession(ctx, db, user.id, "otp", clientMeta(req));
  });
}

/** POST /resend type sms: the sign-up code again, for a number not yet confirmed. */
export async function phoneResend(ctx: AuthContext, req: FastifyRequest, body: { phone: string }) {
  const phone = normalizePhone(body.phone);
  await inTransaction(ctx, async (db) => {
    const user = await findUserByPhone(db, phone);
    if (user && !isPhoneConfirmed(user)) await sendPhoneCode(ctx, req, db, user, phone);
  });
  return {};
}
