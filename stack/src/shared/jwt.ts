// JWT helpers shared by every service. Tokens are HS256 with the project secret,
// or, when `[auth] signing_keys_path` names a JWK set, signed with its signing key
// (RS256/ES256) as GoTrue does with GOTRUE_JWT_KEYS. Verification accepts both, as
// GoTrue's valid methods (HS256,RS256,ES256) in the CLI; the public keys are
// published at /auth/v1/.well-known/jwks.json.
import {
  createLocalJWKSet,
  errors,
  importJWK,
  type JWK,
  type JWTHeaderParameters,
  type JWTPayload,
  jwtVerify,
  type KeyObject,
  SignJWT,
} from "jose";
import { type Clock, SYSTEM_CLOCK } from "./clock.js";

export type Claims = JWTPayload & {
  role?: string;
  email?: string;
  session_id?: string;
  [key: string]: unknown;
};

/** PostgREST allows 30 s of clock skew on exp/nbf/iat. */
const CLOCK_SKEW_SECONDS = 30;

const ASYMMETRIC_ALGORITHMS = ["RS256", "ES256"] as const;
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

/** What GoTrue publishes for a private JWK: its public half, `use: sig`, `key_ops: [verify]`. */
function publicJwkOf(key: JWK): JWK {
  const pub: JWK = { ...key, use: "sig", key_ops: ["verify"] };
  for (const member of PRIVATE_MEMBERS) delete (pub as Record<string, unknown>)[member];
  return pub;
}

/** The JWK set of `signing_keys_path` as GoTrue validates it: exactly one key may sign. */
function signingKeyOf(keys: JWK[]): JWK {
  const signing = keys.filter((k) => k.key_ops?.includes("sign"));
  if (signing.length === 0) throw new Error('signing keys: no signing key detected (key_ops must include "sign")');
  if (signing.length > 1)
    throw new Error("signing keys: multiple signing keys detected, only 1 signing key is supported");
  const key = signing[0];
  if (!ASYMMETRIC_ALGORITHMS.includes(key.alg as (typeof ASYMMETRIC_ALGORITHMS)[number])) {
    throw new Error(`signing keys: unsupported algorithm "${key.alg}" (use RS256 or ES256)`);
  }
  return key;
}

interface Signer {
  alg: string;
  kid?: string;
  key: KeyObject | Uint8Array;
}

export class JwtKeys {
  private readonly secret: Uint8Array<ArrayBuffer>;
  private readonly signer: Signer;
  private readonly publicKeys: JWK[];
  private readonly publicSet: ReturnType<typeof createLocalJWKSet> | null;
  /** The secret imported once as an HMAC key: given bytes, jose imports them on every verify. */
  private readonly hmacKey: Promise<CryptoKey>;

  private constructor(
    secret: string,
    signer: Signer | null,
    publicKeys: JWK[],
    /** The time tokens are issued and checked at (a world's own clock, docs/qa.md). */
    readonly clock: Clock,
  ) {
    this.secret = new TextEncoder().encode(secret);
    this.hmacKey = crypto.subtle.importKey("raw", this.secret, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    this.signer = signer ?? { alg: "HS256", key: this.secret };
    this.publicKeys = publicKeys;
    this.publicSet = publicKeys.length ? createLocalJWKSet({ keys: publicKeys }) : null;
  }

  /** Keys from the project secret and, when configured, the signing JWK set. */
  static async create(secret: string, signingKeys: JWK[] | null = null, clock = SYSTEM_CLOCK): Promise<JwtKeys> {
    if (!signingKeys?.length) return new JwtKeys(secret, null, [], clock);
    const signing = signingKeyOf(signingKeys);
    const key = (await importJWK({ ...signing, key_ops: ["sign"] }, signing.alg)) as KeyObject;
    return new JwtKeys(
      secret,
      { alg: signing.alg as string, kid: signing.kid, key },
      signingKeys.map(publicJwkOf),
      clock,
    );
  }

  /** The public JWK set (empty with HS256 only: there is no public key to publish). */
  jwks(): { keys: JWK[] } {
    return { keys: this.publicKeys };
  }

  /** What the CLI hands edge functions as SUPABASE_JWKS: the public keys, or the secret as an oct key. */
  verificationJwks(): { keys: JWK[] } {
    if (this.publicKeys.length) return this.jwks();
    return { keys: [{ kty: "oct", k: Buffer.from(this.secret).toString("base64url") }] };
  }

  get asymmetric(): boolean {
    return this.publicSet !== null;
  }

  /**
   * Verifies a token signed with the secret (HS256) or one of the signing keys;
   * throws jose's errors (JWTExpired, JWSSignatureVerificationFailed, …).
   */
  async verify(token: string, options: { clockSkewSeconds?: number } = {}): Promise<Claims> {
    const skew = options.clockSkewSeconds ?? CLOCK_SKEW_SECONDS;
    const resolve = (header: JWTHeaderParameters, token: Parameters<ReturnType<typeof createLocalJWKSet>>[1]) => {
      if (header.alg === "HS256") return this.hmacKey;
      if (!this.publicSet) throw new errors.JOSEAlgNotAllowed(`"${header.alg}" is not allowed`);
      return this.publicSet(header, token);
    };
    const { payload } = await jwtVerify(token, resolve, {
      algorithms: this.publicSet ? ["HS256", ...ASYMMETRIC_ALGORITHMS] : ["HS256"],
      clockTolerance: skew,
      currentDate: new Date(this.clock.now()),
    });
    if (typeof payload.iat === "number" && payload.iat > this.clock.now() / 1000 + skew) {
      throw new errors.JWTClaimValidationFailed("JWT issued at future", payload, "iat", "check_failed");
    }
    return payload as Claims;
  }

  /** Signs claims as given with the signing key (callers set iat/exp so the claim order is theirs). */
  async sign(claims: Claims): Promise<string> {
    const { alg, kid, key } = this.signer;
    return new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT", ...(kid ? { kid } : {}) }).sign(key);
  }

  /** HS256 with the project secret whatever the signing keys: storage's signed URLs are. */
  async signWithSecret(claims: Claims): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(this.secret);
  }
}

export { errors as jwtErrors };
