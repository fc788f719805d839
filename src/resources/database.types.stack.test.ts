// The committed Database types must be what the migrations make: a migration added
// without regenerating them fails here, naming the command that fixes it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DATABASE_TYPES_FILE, generateDatabaseTypes, REGENERATE_COMMAND } from "../../scripts/database-types";

describe("src/resources/database.types.ts", () => {
  it("matches supabase/migrations", { timeout: 180_000 }, async () => {
    const committed = readFileSync(DATABASE_TYPES_FILE, "utf8");
    const fresh = await generateDatabaseTypes();
    expect(committed, `database.types.ts is stale: run \`${REGENERATE_COMMAND}\` and commit it`).toBe(fresh);
  });
});
