// Admin endpoints that make links: POST /invite (sends the invite mail) and
// POST /admin/generate_link (returns the link and OTP without sending anything).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";
import { normalizeEmail, readBody } from "../body.js";
import { AUTH_ERRORS } from "../errors.js";
import { vetNewUser } from "../hook-events.js";
import { hookOrigin } from "../hooks.js";
import { issueEmailChange, issueLink, type LinkKind, sendLink } from "../links.js";
import { actionLink } from "../mailer.js";
import type { IssuedToken } from "../otp.js";
import { checkPasswordStrength, hashPassword } from "../passwords.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import {
  createUser,
  findUserByEmail,
  findUserById,
  isConfirmed,
  mergeMetadata,
  renderUser,
  type UserRow,
  updateUser,
} from "../users.js";
import { redirectTarget } from "./common.js";

const LINK_TYPES = ["signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new"] as const;
type LinkType = (typeof LINK_TYPES)[number];

function emailExists(): Error {
  return AUTH_ERRORS.emailExists();
}

/** A would-be user for the address, vetted by before_user_created now when the address is free. */
function candidateFor(ctx: AuthContext, req: FastifyRequest, email: string, data: Record<string, unknown>) {
  return vetNewUser(
    ctx,
    hookOrigin(req),
    { email, userMetadata: data, isAnonymous: false },
    async () => (await findUserByEmail(ctx.db.admin, email)) !== null,
  );
}

/** The invited (or signing-up) user: created when new, refused when already confirmed. */
async function pendingUser(
  db: pg.ClientBase,
  candidate: { id: string; vet: () => Promise<void> },
  email: string,
  data: Record<string, unknown>,
  encryptedPassword = "",
): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing && isConfirmed(existing)) throw emailExists();
  if (!existing) {
    await candidate.vet();
    return createUser(db, { id: candidate.id, email, encryptedPassword, userMetadata: data, confirmed: false });
  }
  await updateUser(db, existing.id, {
    raw_user_meta_data: mergeMetadata(existing.raw_user_meta_data, data),
    ...(encryptedPassword ? { encrypted_password: encryptedPassword } : {}),
  });
  return (await findUserById(db, existing.id)) ?? existing;
}

async function existingUser(db: pg.ClientBase, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw AUTH_ERRORS.userWithEmailNotFound();
  return user;
}

async function generateLink(ctx: AuthContext, req: FastifyRequest) {
  const body = readBody(req, {
    type: "string",
    email: "string",
    password: "string",
    new_email: "string",
    data: "object",
    redirect_to: "string",
  });
  const type = body.type as LinkType;
  if (!LINK_TYPES.includes(type)) throw AUTH_ERRORS.validationFailed("Invalid link type", 422);
  if (!body.email) throw AUTH_ERRORS.validationFailed("Email is required", 422);
  const email = normalizeEmail(body.email);
  const data = body.data ?? {};
  const redirectTo = redirectTarget(ctx, req, body.redirect_to);
  const options = { redirectTo, pkce: null, data };
  let encryptedPassword = "";
  if (type === "signup") {
    if (!body.password) throw AUTH_ERRORS.validationFailed("Password is required for a signup link", 422);
    checkPasswordStrength(body.password, ctx.config.auth);
    encryptedPassword = await hashPassword(body.password);
  }
  const newEmail = type.startsWith("email_change") ? normalizeEmail(body.new_email ?? "") : undefined;
  const creates = type === "signup" || type === "invite";
  const candidate = creates ? await candidateFor(ctx, req, email, data) : null;

  return inTransaction(ctx, async (db) => {
    let user: UserRow;
    let token: IssuedToken;
    if (newEmail !== undefined) {
      user = await existingUser(db, email);
      if (await findUserByEmail(db, newEmail)) throw emailExists();
      const tokens = await issueEmailChange(ctx, db, user, newEmail, options);
      token = type === "email_change_current" && tokens.current ? tokens.current : tokens.new;
    } else {
      const kind = type as LinkKind;
      user = candidate
        ? await pendingUser(db, candidate, email, data, encryptedPassword)
        : await existingUser(db, email);
      token = await issueLink(ctx, db, user, kind, options);
    }
    const fresh = (await findUserById(db, user.id)) ?? user;
    const linkType = newEmail !== undefined ? "email_change" : type;
    return {
      ...(await renderUser(db, fresh)),
      action_link: actionLink(ctx, token.hashed, linkType, redirectTo),
      email_otp: token.otp,
      hashed_token: token.hashed,
      verification_type: type,
      redirect_to: redirectTo,
    };
  });
}

/** Registered inside the admin scope, whose hook has already required the service role. */
export function adminLinkRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post("/invite", async (req) => {
    const body = readBody(req, { email: "string", data: "object" });
    if (!body.email) throw AUTH_ERRORS.validationFailed("Email is required", 422);
    const email = normalizeEmail(body.email);
    const redirectTo = redirectTarget(ctx, req);
    const candidate = await candidateFor(ctx, req, email, body.data ?? {});
    return inTransaction(ctx, async (db) => {
      const user = await pendingUser(db, candidate, email, body.data ?? {});
      await sendLink(ctx, req, db, user, "invite", { redirectTo, pkce: null, data: body.data });
      return renderUser(db, (await findUserById(db, user.id)) ?? user);
    });
  });

  app.post("/admin/generate_link", (req) => generateLink(ctx, req));
}
