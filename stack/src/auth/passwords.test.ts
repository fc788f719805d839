import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/index.js";
import { ServiceError } from "../shared/errors.js";
import { checkPasswordStrength, hashPassword, passwordMatches } from "./passwords.js";

const auth = loadConfig("/nonexistent").auth;

function reasonsOf(password: string, requirements: typeof auth.password_requirements = "", min = 6): string[] {
  try {
    checkPasswordStrength(password, { ...auth, password_requirements: requirements, minimum_password_length: min });
    return [];
  } catch (err) {
    return ((err as ServiceError).body as { weak_password: { reasons: string[] } }).weak_password.reasons;
  }
}

describe("password policy", () => {
  it("checks the length", () => {
    expect(reasonsOf("12345")).toEqual(["length"]);
    expect(reasonsOf("123456")).toEqual([]);
    expect(reasonsOf("1234567", "", 8)).toEqual(["length"]);
  });
  it("checks the character classes", () => {
    expect(reasonsOf("abcdefg", "letters_digits")).toEqual(["characters"]);
    expect(reasonsOf("abcdef1", "letters_digits")).toEqual([]);
    expect(reasonsOf("abcdef1", "lower_upper_letters_digits")).toEqual(["characters"]);
    expect(reasonsOf("aBcdef1", "lower_upper_letters_digits")).toEqual([]);
    expect(reasonsOf("aBcdef1", "lower_upper_letters_digits_symbols")).toEqual(["characters"]);
    expect(reasonsOf("aB1!", "lower_upper_letters_digits_symbols")).toEqual(["length"]);
    expect(reasonsOf("aB1", "lower_upper_letters_digits_symbols")).toEqual(["length", "characters"]);
  });
  it("refuses passwords bcrypt would truncate", () => {
    expect(() => checkPasswordStrength("x".repeat(73), auth)).toThrow(ServiceError);
  });
});

describe("password hashing", () => {
  it("writes $2a$10$ hashes and verifies them", async () => {
    const hash = await hashPassword("secret-1");
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await passwordMatches("secret-1", hash)).toBe(true);
    expect(await passwordMatches("secret-2", hash)).toBe(false);
  });
  it("refuses empty or missing hashes (users without a password)", async () => {
    expect(await passwordMatches("x", "")).toBe(false);
    expect(await passwordMatches("x", null)).toBe(false);
  });
});
