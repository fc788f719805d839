import { describe, expect, it } from "vitest";
import { gatewayOptions } from "./gateway.js";

describe("gateway options", () => {
  it("default to the CLI's gateway: no API key required, any origin", () => {
    expect(gatewayOptions({}, {})).toEqual({ requireApiKey: false, corsOrigins: [] });
  });

  it("read STACK_REQUIRE_API_KEY and STACK_CORS_ORIGINS", () => {
    const env = { STACK_REQUIRE_API_KEY: "1", STACK_CORS_ORIGINS: "http://localhost:5173, https://app.example ," };
    expect(gatewayOptions({}, env)).toEqual({
      requireApiKey: true,
      corsOrigins: ["http://localhost:5173", "https://app.example"],
    });
    expect(gatewayOptions({}, { STACK_REQUIRE_API_KEY: "true" }).requireApiKey).toBe(true);
    expect(gatewayOptions({}, { STACK_REQUIRE_API_KEY: "0" }).requireApiKey).toBe(false);
  });

  it("let options given at start win over the environment", () => {
    const env = { STACK_REQUIRE_API_KEY: "1", STACK_CORS_ORIGINS: "https://app.example" };
    expect(gatewayOptions({ requireApiKey: false, corsOrigins: [] }, env)).toEqual({
      requireApiKey: false,
      corsOrigins: [],
    });
  });
});
