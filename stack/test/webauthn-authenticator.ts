// A software WebAuthn authenticator for the passkey tests: a real P-256 key pair,
// a "none" attestation whose authenticator data carries the credential's COSE key,
// and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON), as a
// browser and a security key produce them (WebAuthn Level 2, §6.1, §6.5, §7). Knobs
// let a test break one thing at a time: origin, RP ID, user presence, counter.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** CBOR (RFC 8949) for what attestation objects and COSE keys hold: ints, byte/text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
}

export class TestAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly coseKey: Buffer;
  private userHandle: Buffer | null = null;
  counter = 0;

  constructor(
    public origin = "http://localhost:5173",
    public rpId = "localhost",
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    this.coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, "base64url")],
        [-3, Buffer.from(jwk.y as string, "base64url")],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private rpIdHash(): Buffer {
    return createHash("sha256").update(this.rpId).digest();
  }

  /** navigator.credentials.create(): the registration response JSON. */
  create(options: CreationOptions, { userPresent = true } = {}) {
    this.userHandle = Buffer.from(options.user.id, "base64url");
    const idLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([(userPresent ? UP : 0) | UV | AT]),
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** navigator.credentials.get() for a discoverable credential: the assertion JSON. */
  get(options: RequestOptions, { userPresent = true, counter = this.counter + 1 } = {}) {
    if (!this.userHandle) throw new Error("create() first");
    this.counter = counter;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([(userPresent ? UP : 0) | UV]), count]);
    const clientData = this.clientData("webauthn.get", options.challenge);
    const signed = Buffer.concat([authData, createHash("sha256").update(clientData).digest()]);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(sign("sha256", signed, this.key)),
        userHandle: b64url(this.userHandle),
      },
      clientExtensionResults: {},
    };
  }
}
