// The admin users API (service role only): list with pagination headers,
// create (with an e-mail, a phone or both), read, update, delete, and the user's MFA factors.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { parseGoDuration } from "../../shared/duration.js";
import { normalizeEmail, queryParam, readBody } from "../body.js";
import { isUuid } from "../caller.js";
import { AUTH_ERRORS } from "../errors.js";
import { AdminUserDeleteParams, AdminUserParams } from "../params.js";
import { checkPasswordStrength, hashPassword } from "../passwords.js";
import { normalizePhone } from "../phone.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import {
  AUDIENCE,
  confirmEmail,
  confirmPhone,
  createUser,
  factorJson,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  listFactors,
  mergeMetadata,
  renderUser,
  renderUsers,
  type UserRow,
  updateUser,
} from "../users.js";

type Attributes = ReturnType<typeof readAttributes>;

function readAttributes(req: FastifyRequest) {
  return readBody(req, AdminUserParams);
}

/** ban_duration: a Go duration from now, or "none" to lift the ban. */
function bannedUntil(ctx: AuthContext, duration: string): Date | null {
  if (duration === "none") return null;
  const ms = parseGoDuration(duration);
  if (ms === null) throw AUTH_ERRORS.validationFailed(`invalid format for ban duration: ${duration}`);
  return new Date(ctx.clock.now() + ms);
}

async function encryptedPasswordOf(ctx: AuthContext, attrs: Attributes): Promise<string | undefined> {
  if (attrs.password_hash !== undefined) {
    if (!/^\$2[aby]\$\d\d\$/.test(attrs.password_hash))
      throw AUTH_ERRORS.validationFailed("Invalid password hash format", 400);
    return attrs.password_hash;
  }
  if (attrs.password === undefined) return undefined;
  checkPasswordStrength(attrs.password, ctx.config.auth);
  return hashPassword(attrs.password);
}

async function assertEmailFree(db: pg.ClientBase, email: string, selfId?: string) {
  const other = await findUserByEmail(db, email);
  if (other && other.id !== selfId) {
    throw AUTH_ERRORS.emailExists();
  }
}

async function loadUser(db: pg.ClientBase | pg.Pool, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw AUTH_ERRORS.userIdNotUuid();
  const user = await findUserById(db, id);
  if (!user) throw AUTH_ERRORS.userNotFound();
  return user;
}

async function listUsers(ctx: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  // As GoTrue's paginate: an absent or empty parameter (auth-js sends `page=&per_page=`) is the default.
  const page = Number(queryParam(req, "page") || 1);
  const perPage = Number(queryParam(req, "per_page") || 50);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 1000) {
    throw AUTH_ERRORS.validationFailed("Bad Pagination Parameters: page and per_page must be positive integers");
  }
  const filter = queryParam(req, "filter") ?? null;
  const where = `aud = $1 and ($2::text is null or email ilike '%' || $2 || '%'
    or raw_user_meta_data ->> 'full_name' ilike '%' || $2 || '%')`;
  const db = ctx.db.admin;
  const [{ rows: users }, { rows: counts }] = await Promise.all([
    db.query<UserRow>(`select * from auth.users where ${where} order by created_at desc, id limit $3 offset $4`, [
      AUDIENCE,
      filter,
      perPage,
      (page - 1) * perPage,
    ]),
    db.query<{ n: string }>(`select count(*) as n from auth.users where ${where}`, [AUDIENCE, filter]),
  ]);
  const total = Number(counts[0].n);
  reply.header("x-total-count", String(total)).header("link", paginationLink(req, page, perPage, total));
  return { users: await renderUsers(db, users), aud: AUDIENCE };
}

/** GoTrue's addPaginationHeaders: next (when there is one) and last, query keys sorted. */
function paginationLink(req: FastifyRequest, page: number, perPage: number, total: number): string {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const query = new URLSearchParams(req.url.split("?")[1] ?? "");
  query.set("per_page", String(perPage));
  const linkTo = (p: number) => {
    query.set("page", String(p));
    query.sort();
    return `</admin/users?${query}>`;
  };
  const parts = page < lastPage ? [`${linkTo(page + 1)}; rel="next"`] : [];
  parts.push(`${linkTo(lastPage)}; rel="last"`);
  return parts.join(", ");
}

async function createAdminUser(ctx: AuthContext, req: FastifyRequest) {
  const attrs = readAttributes(req);
  if (!attrs.email && !attrs.phone)
    throw AUTH_ERRORS.validationFailed("Cannot create a user without either an email or phone");
  if (attrs.id !== undefined && !isUuid(attrs.id)) throw AUTH_ERRORS.validationFailed("id must be a UUID");
  const email = attrs.email ? normalizeEmail(attrs.email) : null;
  const phone = attrs.phone ? normalizePhone(attrs.phone) : undefined;
  const encryptedPassword = (await encryptedPasswordOf(ctx, attrs)) ?? "";
  const banned = attrs.ban_duration !== undefined ? bannedUntil(ctx, attrs.ban_duration) : null;
  return inTransaction(ctx, async (db) => {
    if (email) await assertEmailFree(db, email);
    if (phone && (await findUserByPhone(db, phone))) throw AUTH_ERRORS.phoneExists();
    const created = await createUser(db, {
      id: attrs.id,
      email,
      phone,
      encryptedPassword,
      userMetadata: attrs.user_metadata ?? {},
      appMetadata: attrs.app_metadata,
      role: attrs.role,
      confirmed: email !== null && attrs.email_confirm === true,
    });
    if (phone && attrs.phone_confirm === true) await confirmPhone(db, created.id);
    if (banned) await updateUser(db, created.id, { banned_until: banned });
    return renderUser(db, (await findUserById(db, created.id)) ?? created);
  });
}

async function updateAdminUser(ctx: AuthContext, req: FastifyRequest, id: string) {
  const attrs = readAttributes(req);
  const encryptedPassword = await encryptedPasswordOf(ctx, attrs);
  const email = attrs.email !== undefined ? normalizeEmail(attrs.email) : undefined;
  return inTransaction(ctx, async (db) => {
    const user = await loadUser(db, id);
    const fields: Record<string, unknown> = {};
    if (email !== undefined && email !== user.email) {
      await assertEmailFree(db, email, user.id);
      fields.email = email;
      await db.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
         where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    }
    if (encryptedPassword !== undefined) fields.encrypted_password = encryptedPassword;
    if (attrs.user_metadata) fields.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, attrs.user_metadata);
    if (attrs.app_metadata) fields.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, attrs.app_metadata);
    if (attrs.role !== undefined) fields.role = attrs.role;
    if (attrs.ban_duration !== undefined) fields.banned_until = bannedUntil(ctx, attrs.ban_duration);
    await updateUser(db, user.id, fields);
    // As GoTrue's UpdatePassword without a session: every session of the user ends.
    if (encryptedPassword !== undefined) await db.query("delete from auth.sessions where user_id = $1", [user.id]);
    if (attrs.email_confirm === true) await confirmEmail(db, user.id);
    return renderUser(db, (await findUserById(db, user.id)) ?? user);
  });
}

/** should_soft_delete keeps the row (deleted_at, identifiers cleared) as GoTrue's SoftDeleteUser. */
async function deleteAdminUser(ctx: AuthContext, req: FastifyRequest, id: string) {
  const { should_soft_delete: soft } = readBody(req, AdminUserDeleteParams);
  await inTransaction(ctx, async (db) => {
    const user = await loadUser(db, id);
    if (!soft) {
      await db.query("delete from auth.users where id = $1", [user.id]);
      return;
    }
    await db.query("delete from auth.sessions where user_id = $1", [user.id]);
    await db.query("delete from auth.identities where user_id = $1", [user.id]);
    await updateUser(db, user.id, {
      email: null,
      phone: null,
      encrypted_password: "",
      confirmation_token: "",
      recovery_token: "",
      email_change_token_new: "",
      email_change_token_current: "",
      email_change: "",
      raw_user_meta_data: {},
      raw_app_meta_data: {},
      deleted_at: new Date(ctx.clock.now()),
    });
  });
  return {};
}

/** Registered inside the admin scope, whose hook has already required the service role. */
export function adminUserRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get("/admin/users", (req, reply) => listUsers(ctx, req, reply));
  app.post("/admin/users", (req) => createAdminUser(ctx, req));
  app.get("/admin/users/:id", async (req) => {
    const user = await loadUser(ctx.db.admin, idOf(req));
    return renderUser(ctx.db.admin, user);
  });
  app.put("/admin/users/:id", (req) => updateAdminUser(ctx, req, idOf(req)));
  app.delete("/admin/users/:id", (req) => deleteAdminUser(ctx, req, idOf(req)));

  app.get("/admin/users/:id/factors", async (req) => {
    const user = await loadUser(ctx.db.admin, idOf(req));
    return listFactors(ctx.db.admin, user.id);
  });
  app.delete("/admin/users/:id/factors/:factorId", async (req) => {
    const { factorId } = req.params as { factorId: string };
    const user = await loadUser(ctx.db.admin, idOf(req));
    if (!isUuid(factorId)) throw AUTH_ERRORS.mfaFactorNotFound();
    const { rows } = await ctx.db.admin.query(
      "delete from auth.mfa_factors where id = $1 and user_id = $2 returning *",
      [factorId, user.id],
    );
    if (!rows[0]) throw AUTH_ERRORS.mfaFactorNotFound();
    return factorJson(rows[0]);
  });
}
