// GoTrue's OAuth 2.1 server client registry through auth-js's admin.oauth API:
// register (the secret shown once), read, list, update, regenerate the secret,
// delete, GoTrue's validation messages, and "OAuth server is disabled" when
// [auth.oauth_server] is off.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-mfa") });
});
afterAll(async () => {
  await stack?.stop();
});

describe("OAuth server clients", () => {
  it("registers, reads, lists, updates, regenerates the secret of and deletes a client", async () => {
    const oauth = stack.service().auth.admin.oauth;
    const { data: created, error } = await oauth.createClient({
      client_name: "Reporting",
      redirect_uris: ["https://reports.example.org/callback", "http://localhost:3000/cb"],
    });
    expect(error).toBeNull();
    expect(created).toMatchObject({
      client_type: "confidential",
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      registration_type: "manual",
    });
    const id = created?.client_id as string;
    expect(created?.client_secret).toMatch(/^[\w-]{43}$/);
    const [{ client_secret_hash }] = await stack.sql(
      "select client_secret_hash from auth.oauth_clients where id = $1",
      [id],
    );
    expect(client_secret_hash).not.toBe(created?.client_secret);

    const read = await oauth.getClient(id);
    expect(read.data).toMatchObject({ client_id: id, client_name: "Reporting" });
    expect(read.data).not.toHaveProperty("client_secret");
    expect((await oauth.listClients()).data.clients.map((c) => c.client_id)).toContain(id);

    const updated = await oauth.updateClient(id, { client_name: "Reports", logo_uri: "https://example.org/logo.png" });
    expect(updated.data).toMatchObject({ client_name: "Reports", logo_uri: "https://example.org/logo.png" });
    const regenerated = await oauth.regenerateClientSecret(id);
    expect(regenerated.data?.client_secret).toBeDefined();
    expect(regenerated.data?.client_secret).not.toBe(created?.client_secret);

    expect((await oauth.deleteClient(id)).error).toBeNull();
    expect((await oauth.getClient(id)).error).toMatchObject({ status: 404, code: "oauth_client_not_found" });
  });

  it("refuses what GoTrue refuses, in its words", async () => {
    const oauth = stack.service().auth.admin.oauth;
    const none = await oauth.createClient({ client_name: "x", redirect_uris: [] });
    expect(none.error).toMatchObject({ status: 400, code: "validation_failed", message: "redirect_uris is required" });
    const numbers = await oauth.createClient({ client_name: "x", redirect_uris: [1] as unknown as string[] });
    expect(numbers.error).toMatchObject({
      status: 400,
      code: "bad_json",
      message:
        "Could not parse request body as JSON: json: cannot unmarshal number into Go struct field OAuthServerClientRegisterParams.redirect_uris of type string",
    });
    const plainHttp = await oauth.createClient({ client_name: "x", redirect_uris: ["http://example.org/cb"] });
    expect(plainHttp.error?.message).toBe(
      "invalid redirect_uri 'http://example.org/cb': HTTP scheme only allowed for localhost",
    );
    const { data: publicClient } = await oauth.createClient({
      client_name: "SPA",
      redirect_uris: ["https://spa.example.org/cb"],
      token_endpoint_auth_method: "none",
    });
    expect(publicClient).toMatchObject({ client_type: "public" });
    expect(publicClient).not.toHaveProperty("client_secret");
    // An update is read as GoTrue's OAuthServerClientUpdateParams, which has no client_type.
    const publicId = publicClient?.client_id as string;
    const badName = await oauth.updateClient(publicId, { client_name: 3 as unknown as string });
    expect(badName.error?.message).toBe(
      "Could not parse request body as JSON: json: cannot unmarshal number into Go struct field OAuthServerClientUpdateParams.client_name of type string",
    );
    const typeOnly = await oauth.updateClient(publicId, { client_type: "confidential" } as never);
    expect(typeOnly.error).toMatchObject({ status: 400, message: "No fields provided for update" });
    const regenerate = await oauth.regenerateClientSecret(publicId);
    expect(regenerate.error?.message).toBe("Cannot regenerate secret for public client");
  });

  it("answers OAuth server is disabled where [auth.oauth_server] is off", async () => {
    const plain = await startTestStack({ projectDir: path.join(FIXTURES, "auth") });
    try {
      const { error } = await plain.service().auth.admin.oauth.listClients();
      expect(error).toMatchObject({ status: 404, code: "feature_disabled", message: "OAuth server is disabled" });
    } finally {
      await plain.stop();
    }
  });
});
