import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, RequestFault, requestFaultOf } from "./request-faults.js";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("JSON depth", () => {
  it("counts arrays and objects, up to the bound included", () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":{"b":[{"c":1}]}}`, 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":{"b":[1]}}`, 3)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonNestsDeeperThan(`{"s":"${"[".repeat(2000)}"}`)).toBe(false);
    expect(jsonNestsDeeperThan(`{"s":"\\"[[[[","t":1}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\",[[1]]]`, 2)).toBe(true);
  });

  it("reads a deep body in one pass", () => {
    expect(jsonNestsDeeperThan(nested(1_000_000))).toBe(true);
  });
});

describe("request faults", () => {
  it("name Fastify's client errors and leave server errors alone", () => {
    const tooLarge = Object.assign(new Error("Request body is too large"), {
      code: "FST_ERR_CTP_BODY_TOO_LARGE",
      statusCode: 413,
    });
    expect(requestFaultOf(tooLarge)).toMatchObject({ kind: "body_too_large", statusCode: 413 });
    const badUrl = Object.assign(new Error("'/%E0%A4%A' is not a valid url component"), {
      code: "FST_ERR_BAD_URL",
      statusCode: 400,
    });
    expect(requestFaultOf(badUrl)?.kind).toBe("bad_url");
    expect(requestFaultOf(Object.assign(new SyntaxError("Unexpected token"), { statusCode: 400 }))?.kind).toBe(
      "invalid_json",
    );
    expect(requestFaultOf(new Error("boom"))).toBeUndefined();
    expect(requestFaultOf(Object.assign(new Error("db down"), { statusCode: 503 }))).toBeUndefined();
    const own = new RequestFault("json_too_deep", "deep", 400);
    expect(requestFaultOf(own)).toBe(own);
  });
});
