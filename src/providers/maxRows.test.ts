// The console's exact-count bound is PostgREST's max_rows: a change to one without the
// other would label exact totals "about" or estimates as exact.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../stack/src/config/index";
import { EXACT_COUNT_UP_TO } from "./dataProvider";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("EXACT_COUNT_UP_TO", () => {
  it("is supabase/config.toml's [api] max_rows", () => {
    expect(EXACT_COUNT_UP_TO).toBe(loadConfig(REPO_ROOT).api.max_rows);
  });
});
