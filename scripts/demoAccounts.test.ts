// The start banner (scripts/start.mjs), the README's table and the seeded permission matrix
// (supabase/seed.sql into opsdesk.permissions, docs/product.md §6) say the same about what each demo account may do.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./demoAccounts";

const ROOT = join(__dirname, "..");

/** role → kind → actions, from the seed's matrix rows `('editor', 'records', array['list', …])`. */
function seededMatrix(): Map<string, Map<string, Set<string>>> {
  const seed = readFileSync(join(ROOT, "supabase", "seed.sql"), "utf8");
  const matrix = new Map<string, Map<string, Set<string>>>();
  for (const [, role, kind, actions] of seed.matchAll(/\('(\w+)',\s*'(\w+)',\s*array\[([^\]]*)\]\)/g)) {
    const kinds = matrix.get(role) ?? new Map<string, Set<string>>();
    kinds.set(kind, new Set([...actions.matchAll(/'(\w+)'/g)].map((m) => m[1])));
    matrix.set(role, kinds);
  }
  return matrix;
}

const outcomeOf = (role: string) => DEMO_ACCOUNTS.find(([, r]) => r === role)?.[2] ?? "";

describe("demo accounts", () => {
  it("the README lists what npm start prints", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    for (const [email, role, outcome] of DEMO_ACCOUNTS) {
      const row = readme.split("\n").find((line) => line.startsWith(`| \`${email}\` |`));
      expect(row, email).toBeDefined();
      const [, , readmeRole, readmeOutcome] = (row ?? "").split("|").map((cell) => cell.trim());
      expect(readmeRole).toBe(role === "-" ? "—" : role);
      expect(readmeOutcome.startsWith(outcome), `${email}: "${readmeOutcome}" vs "${outcome}"`).toBe(true);
    }
  });

  it("says what the seeded matrix grants", () => {
    const matrix = seededMatrix();
    const may = (role: string, kind: string, action: string) => matrix.get(role)?.get(kind)?.has(action) ?? false;
    const anywhere = (role: string, action: string) =>
      [...(matrix.get(role)?.values() ?? [])].some((a) => a.has(action));
    expect(matrix.size).toBe(3);

    expect(outcomeOf("viewer")).toContain("read and export");
    expect(may("viewer", "records", "export") && may("viewer", "orders", "export")).toBe(true);
    for (const action of ["create", "edit", "delete", "import"]) expect(anywhere("viewer", action), action).toBe(false);
    expect(outcomeOf("viewer")).toContain("no audit log");
    expect(matrix.get("viewer")?.has("audit")).toBe(false);

    expect(outcomeOf("editor")).toContain("create and edit records and orders");
    for (const kind of ["records", "orders"])
      expect(may("editor", kind, "create") && may("editor", kind, "edit"), kind).toBe(true);
    expect(outcomeOf("editor")).toContain("CSV import");
    expect(may("editor", "records", "import")).toBe(true);
    expect(outcomeOf("editor")).toContain("audit log");
    expect(may("editor", "audit", "list")).toBe(true);
    expect(outcomeOf("editor")).toContain("no delete");
    expect(anywhere("editor", "delete")).toBe(false);

    // Operators, roles and the matrix are administered by Opsdesk's admin role, not a matrix row.
    expect(outcomeOf("admin")).toMatch(/delete, operators, roles and permissions, audit log/);
    expect(may("admin", "records", "delete") && may("admin", "orders", "delete")).toBe(true);
    expect(may("admin", "audit", "list")).toBe(true);
  });
});
