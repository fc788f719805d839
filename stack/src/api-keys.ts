// The API keys and how the gateway maps them, in one place: the legacy JWT keys and
// the new `sb_` keys (`supabase status` prints both), Kong's BearerToken template
// (what Authorization each service sees) and QueryToken template (the realtime
// socket's `apikey` parameter), and which keys the gateway accepts.
import { WELL_KNOWN } from "./config/index.js";
import { JwtKeys } from "./shared/jwt.js";

export interface ApiKeys {
  /** Legacy JWTs, as `supabase status` prints them. */
  anon: string;
  serviceRole: string;
  /** New-style opaque keys that the gateway maps to the JWTs above. */
  publishable: string;
  secret: string;
}

/** The keys of a project: the CLI's well-known ones, or JWTs signed with its secret or first signing key. */
export async function deriveKeys(secret: string, jwt?: JwtKeys): Promise<ApiKeys> {
  if (secret === WELL_KNOWN.jwtSecret && !jwt?.asymmetric) {
    return {
      anon: WELL_KNOWN.anonKey,
      serviceRole: WELL_KNOWN.serviceRoleKey,
      publishable: WELL_KNOWN.publishableKey,
      secret: WELL_KNOWN.secretKey,
    };
  }
  // The CLI signs the legacy keys with a custom secret, or its first signing key, the same way.
  const signer = jwt ?? (await JwtKeys.create(secret));
  const sign = (role: string) => signer.sign({ iss: "supabase-demo", role, exp: 1983812996 });
  return {
    anon: await sign("anon"),
    serviceRole: await sign("service_role"),
    publishable: WELL_KNOWN.publishableKey,
    secret: WELL_KNOWN.secretKey,
  };
}

/** The JWT an `sb_` key stands for; any other key is itself (Kong's QueryToken template). */
export function jwtForApiKey(apikey: string, keys: ApiKeys): string {
  if (apikey === keys.secret) return keys.serviceRole;
  if (apikey === keys.publishable) return keys.anon;
  return apikey;
}

/**
 * The Authorization a service should see, as the CLI's Kong computes it (its
 * BearerToken template): a caller's own Authorization passes through unless it is
 * `Bearer sb_…`; otherwise an `sb_` apikey becomes `Bearer <its JWT>`, and any other
 * apikey is copied as it is, without `Bearer `, so a JWT apikey alone is no bearer
 * token to GoTrue, PostgREST or the edge runtime. Without an apikey Kong has nothing
 * to map; the stack then maps a `Bearer sb_…` key itself.
 */
export function effectiveAuthorization(
  authorization: string | undefined,
  apikey: string | undefined,
  keys: ApiKeys,
): string | undefined {
  const bearerSb = authorization?.startsWith("Bearer sb_") ?? false;
  if (authorization && !bearerSb) return authorization;
  if (apikey !== undefined) return isSbKey(apikey, keys) ? `Bearer ${jwtForApiKey(apikey, keys)}` : apikey;
  const key = authorization?.slice("Bearer ".length);
  return key !== undefined && isSbKey(key, keys) ? `Bearer ${jwtForApiKey(key, keys)}` : authorization;
}

function isSbKey(key: string, keys: ApiKeys): boolean {
  return key === keys.secret || key === keys.publishable;
}

/** The four keys, or any JWT signed with the project's keys (custom roles, tests). */
export async function isKnownKey(key: string, keys: ApiKeys, jwt: JwtKeys): Promise<boolean> {
  if (key === keys.anon || key === keys.serviceRole || key === keys.publishable || key === keys.secret) return true;
  try {
    await jwt.verify(key);
    return true;
  } catch {
    return false;
  }
}

/** A secret key: `sb_secret_…`, the service_role key, or any project JWT whose role is service_role. */
export async function isSecretKey(key: string, keys: ApiKeys, jwt: JwtKeys): Promise<boolean> {
  if (key === keys.secret || key === keys.serviceRole) return true;
  if (key === keys.publishable || key === keys.anon) return false;
  try {
    return (await jwt.verify(key)).role === "service_role";
  } catch {
    return false;
  }
}
