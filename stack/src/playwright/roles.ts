// How `signIn({ role })` makes a user of a role (docs/qa.md): a project with Opsdesk
// installed has `opsdesk.operators` (docs/any-project.md), made through
// `opsdesk.add_operator`; Opsdesk's own demo keeps its staff in `public.staff` until it moves
// onto the install. Another project says how with `use: { supabaseRoles }`.
import type pg from "pg";

type SqlTag = {
  superuser: <T extends pg.QueryResultRow = pg.QueryResultRow>(
    strings: TemplateStringsArray,
    ...values: unknown[]
  ) => Promise<T[]>;
};

export interface RoleAdapter {
  /** Shown in errors. */
  name: string;
  /** Makes `user` (an auth user) one of `role`. */
  grant(sql: SqlTag, user: { id: string; email: string }, role: string): Promise<void>;
}

/** Opsdesk installed (docs/any-project.md): an active operator of the role, through the install's own function. */
const OPSDESK_OPERATORS: RoleAdapter = {
  name: "opsdesk.operators",
  async grant(sql, user, role) {
    await sql.superuser`select opsdesk.add_operator(${user.email}::text, ${role}::text)`;
  },
};

/** Opsdesk's demo schema: an active row in public.staff. */
const DEMO_STAFF: RoleAdapter = {
  name: "public.staff",
  async grant(sql, user, role) {
    await sql.superuser`
      insert into public.staff (user_id, full_name, email, role, active)
      values (${user.id}::uuid, ${user.email.split("@")[0]}::text, ${user.email}::text, ${role}::public.staff_role, true)
      on conflict (user_id) do update set role = excluded.role, active = true`;
  },
};

/** The adapter for the world's schema, or null when it has neither. */
export async function rolesFor(sql: SqlTag): Promise<RoleAdapter | null> {
  const [found] = await sql.superuser<{ opsdesk: boolean; staff: boolean }>`
    select to_regprocedure('opsdesk.add_operator(text,text,text)') is not null as opsdesk,
           to_regclass('public.staff') is not null and to_regtype('public.staff_role') is not null as staff`;
  if (found.opsdesk) return OPSDESK_OPERATORS;
  if (found.staff) return DEMO_STAFF;
  return null;
}
