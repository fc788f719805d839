// Auth bodies are read as GoTrue's encoding/json reads them into its params structs:
// keys match fields case-insensitively, the later of two spellings wins, null leaves a
// field as it was, a wrong type names the struct's field.
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { readBody } from "./body.js";
import { RefreshTokenGrantParams, SignupParams } from "./params.js";

const read = (body: unknown) => readBody({ body } as FastifyRequest, SignupParams);

describe("readBody", () => {
  it("matches keys to fields case-insensitively, as encoding/json does", () => {
    expect(read({ EMAIL: "a@example.com", Password: "secret", dAtA: { x: 1 } })).toEqual({
      email: "a@example.com",
      password: "secret",
      data: { x: 1 },
    });
  });

  it("folds as Go does: the Kelvin sign is a k, ß is not ss", () => {
    expect(read({ "pa\u017F\u017Fword": "x" })).toEqual({ password: "x" });
    expect(readBody({ body: { "refresh_to\u212Aen": "t" } } as FastifyRequest, RefreshTokenGrantParams)).toEqual({
      refresh_token: "t",
    });
    expect(read({ paßword: "x" })).toEqual({});
  });

  it("lets the later spelling win and null leave the field as it was", () => {
    expect(read({ email: "a@example.com", Email: "b@example.com" })).toEqual({ email: "b@example.com" });
    expect(read({ email: "a@example.com", EMAIL: null })).toEqual({ email: "a@example.com" });
  });

  it("names the struct's field when a differently spelt key has the wrong type", () => {
    expect(() => read({ Email: 3 })).toThrow(
      "json: cannot unmarshal number into Go struct field SignupParams.email of type string",
    );
  });
});
