// Password hashing and policy, as GoTrue: bcrypt cost 10 with the `$2a$` prefix
// Go writes, and pgcrypto's crypt(…, gen_salt('bf')) hashes from SQL seeds verify too.
import type { StackConfig } from "../config/index.js";
import { bcryptCompare, bcryptHash } from "./bcrypt-pool.js";
import { AUTH_ERRORS } from "./errors.js";

const COST = 10;
const MAX_BCRYPT_BYTES = 72;

export async function hashPassword(password: string): Promise<string> {
  const hash = await bcryptHash(password, COST);
  // $2b$ and $2a$ are the same algorithm for inputs under 255 bytes; Go and pgcrypto write $2a$.
  return hash.replace(/^\$2b\$/, "$2a$");
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) return false;
  return bcryptCompare(password, hash);
}

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/** config.toml's password_requirements → the character sets GoTrue requires one of each. */
const REQUIRED_SETS: Record<string, string[]> = {
  "": [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** Throws 422 weak_password with GoTrue's reasons when the password breaks the policy. */
export function checkPasswordStrength(password: string, auth: StackConfig["auth"]): void {
  if (Buffer.byteLength(password) > MAX_BCRYPT_BYTES) {
    throw AUTH_ERRORS.validationFailed(`Password cannot be longer than ${MAX_BCRYPT_BYTES} characters`, 422);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < auth.minimum_password_length) {
    reasons.push("length");
    messages.push(`Password should be at least ${auth.minimum_password_length} characters.`);
  }
  const sets = REQUIRED_SETS[auth.password_requirements] ?? [];
  if (sets.some((set) => ![...password].some((ch) => set.includes(ch)))) {
    reasons.push("characters");
    messages.push(`Password should contain at least one character of each: ${sets.join(", ")}.`);
  }
  if (reasons.length) throw AUTH_ERRORS.weakPassword(messages.join(" "), reasons);
}
