import { describe, expect, it } from "vitest";
import { type ApiKeys, effectiveAuthorization, jwtForApiKey } from "./api-keys.js";

const keys: ApiKeys = {
  anon: "anon.jwt.x",
  serviceRole: "service.jwt.x",
  publishable: "sb_publishable_p",
  secret: "sb_secret_s",
};

describe("effectiveAuthorization (the CLI's Kong BearerToken template)", () => {
  it("passes a caller's own Authorization through", () => {
    expect(effectiveAuthorization("Bearer user.jwt.x", "sb_secret_s", keys)).toBe("Bearer user.jwt.x");
  });

  it("maps an sb_ apikey to Bearer and its JWT", () => {
    expect(effectiveAuthorization(undefined, "sb_secret_s", keys)).toBe("Bearer service.jwt.x");
    expect(effectiveAuthorization("Bearer sb_publishable_p", "sb_publishable_p", keys)).toBe("Bearer anon.jwt.x");
  });

  it("copies any other apikey without Bearer, as Kong does", () => {
    expect(effectiveAuthorization(undefined, "service.jwt.x", keys)).toBe("service.jwt.x");
    expect(effectiveAuthorization("Bearer sb_publishable_p", "anon.jwt.x", keys)).toBe("anon.jwt.x");
  });

  it("maps a Bearer sb_ key when no apikey came, and leaves no Authorization when neither did", () => {
    expect(effectiveAuthorization("Bearer sb_secret_s", undefined, keys)).toBe("Bearer service.jwt.x");
    expect(effectiveAuthorization("Bearer sb_unknown", undefined, keys)).toBe("Bearer sb_unknown");
    expect(effectiveAuthorization(undefined, undefined, keys)).toBeUndefined();
  });
});

describe("jwtForApiKey (the realtime socket's QueryToken template)", () => {
  it("maps sb_ keys to their JWT and leaves other keys as they are", () => {
    expect(jwtForApiKey("sb_secret_s", keys)).toBe("service.jwt.x");
    expect(jwtForApiKey("sb_publishable_p", keys)).toBe("anon.jwt.x");
    expect(jwtForApiKey("custom.jwt.x", keys)).toBe("custom.jwt.x");
  });
});
