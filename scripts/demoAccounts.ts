// The demo accounts of supabase/seed.sql (Opsdesk operators) and what each may do, as the
// permission matrix (opsdesk.permissions, docs/product.md §6) and Opsdesk's admin role grant it: printed by `npm start` (scripts/start.mjs) and written in
// the README's table; scripts/demoAccounts.test.ts holds the three together.
export const DEMO_ACCOUNTS: [email: string, role: string, outcome: string][] = [
  ["admin@example.com", "admin", "everything: also delete, operators, roles and permissions, audit log"],
  ["editor@example.com", "editor", "create and edit records and orders, CSV import, audit log; no delete"],
  ["viewer@example.com", "viewer", "read and export CSV; no audit log"],
  ["outsider@example.com", "-", "no operator row: refused"],
  ["former@example.com", "-", "inactive operator: refused"],
];
