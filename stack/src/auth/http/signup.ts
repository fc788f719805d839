// POST /signup: e-mail + password (or anonymous) sign-up, as GoTrue's signup.go; a new
// user is vetted by the before_user_created hook first (hook-events.ts).
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { normalizeEmail, readBody } from "../body.js";
import { AUTH_ERRORS } from "../errors.js";
import { beforeUserCreated, vetNewUser } from "../hook-events.js";
import { sendLink } from "../links.js";
import { SignupParams } from "../params.js";
import { checkPasswordStrength, hashPassword } from "../passwords.js";
import { phoneEnabled } from "../phone.js";
import { readPkceParams } from "../pkce.js";
import { startSession } from "../sessions.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import {
  confirmEmail,
  createUser,
  findUserByEmail,
  findUserById,
  isConfirmed,
  mergeMetadata,
  obfuscatedUser,
  renderUser,
  updateUser,
} from "../users.js";
import { clientMeta, rateLimit, redirectTarget } from "./common.js";
import { phoneSignup } from "./phone-flows.js";

export function signupRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { auth } = ctx.config;

  app.post("/signup", async (req) => {
    const body = readBody(req, SignupParams);
    if (!auth.enable_signup) throw AUTH_ERRORS.signupDisabled();
    const data = body.data ?? {};

    if (!body.email && !body.phone) {
      if (!auth.enable_anonymous_sign_ins) {
        throw AUTH_ERRORS.anonymousSignInsDisabled();
      }
      rateLimit(ctx, req, "anonymous");
      const id = randomUUID();
      await beforeUserCreated(ctx, clientMeta(req), { id, email: null, userMetadata: data, isAnonymous: true });
      return inTransaction(ctx, async (db) => {
        const user = await createUser(db, {
          id,
          email: null,
          encryptedPassword: "",
          userMetadata: data,
          confirmed: false,
          isAnonymous: true,
        });
        return startSession(ctx, db, user.id, "anonymous", clientMeta(req));
      });
    }
    rateLimit(ctx, req, "signups");
    if (!body.email && !phoneEnabled(ctx)) throw AUTH_ERRORS.phoneSignupsDisabled();
    if (!body.email) return phoneSignup(ctx, req, { phone: body.phone ?? "", password: body.password, data });
    if (!auth.email.enable_signup) throw AUTH_ERRORS.emailSignupsDisabled();
    const email = normalizeEmail(body.email);
    if (!body.password) throw AUTH_ERRORS.validationFailed("Signup requires a valid password", 422);
    checkPasswordStrength(body.password, auth);
    const pkce = readPkceParams(body);
    const redirectTo = redirectTarget(ctx, req);
    const autoconfirm = !auth.email.enable_confirmations;
    const encryptedPassword = await hashPassword(body.password);
    const candidate = await vetNewUser(
      ctx,
      clientMeta(req),
      { email, userMetadata: data, isAnonymous: false },
      async () => (await findUserByEmail(ctx.db.admin, email)) !== null,
    );

    return inTransaction(ctx, async (db) => {
      let user = await findUserByEmail(db, email);
      if (user && isConfirmed(user)) {
        if (autoconfirm) throw AUTH_ERRORS.userAlreadyExists();
        return obfuscatedUser({ email }, data, ctx.clock.now());
      }
      if (user) {
        // An unconfirmed sign-up may be repeated: the latest password and data win.
        await updateUser(db, user.id, {
          encrypted_password: encryptedPassword,
          raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data),
        });
      } else {
        await candidate.vet();
        user = await createUser(db, {
          id: candidate.id,
          email,
          encryptedPassword,
          userMetadata: data,
          confirmed: false,
          selfSignup: true,
        });
      }
      if (autoconfirm) {
        await confirmEmail(db, user.id);
        return startSession(ctx, db, user.id, "password", clientMeta(req));
      }
      const pending = (await findUserById(db, user.id)) ?? user;
      await sendLink(ctx, req, db, pending, "signup", { redirectTo, pkce, data });
      return renderUser(db, (await findUserById(db, user.id)) ?? pending);
    });
  });
}
