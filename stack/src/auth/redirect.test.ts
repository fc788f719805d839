import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/index.js";
import { resolveRedirect } from "./redirect.js";

const auth = {
  ...loadConfig("/nonexistent").auth,
  site_url: "http://127.0.0.1:3000",
  additional_redirect_urls: ["https://app.example.com/**", "http://*.preview.example.com/cb"],
};

describe("resolveRedirect", () => {
  it.each([
    ["http://127.0.0.1:3000/reset", "http://127.0.0.1:3000/reset"],
    ["http://127.0.0.1:5173/any", "http://127.0.0.1:5173/any"],
    ["https://app.example.com/a/b?x=1", "https://app.example.com/a/b?x=1"],
    ["http://pr-1.preview.example.com/cb", "http://pr-1.preview.example.com/cb"],
    ["http://a.b.preview.example.com/cb", auth.site_url],
    ["https://evil.example.org/", auth.site_url],
    ["not a url", auth.site_url],
    [undefined, auth.site_url],
  ])("%s → %s", (requested, expected) => expect(resolveRedirect(requested, auth)).toBe(expected));
});
