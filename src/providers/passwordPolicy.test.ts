import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH } from "./passwordPolicy";

it("matches Auth's minimum_password_length in supabase/config.toml", () => {
  const config = parse(readFileSync(new URL("../../supabase/config.toml", import.meta.url), "utf8")) as {
    auth: { minimum_password_length: number };
  };
  expect(MIN_PASSWORD_LENGTH).toBe(config.auth.minimum_password_length);
});
