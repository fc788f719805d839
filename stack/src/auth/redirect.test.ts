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
    // Userinfo: the glob or the site check saw a loopback host, the browser goes elsewhere.
    ["http://127.0.0.1:@134744072/x", auth.site_url],
    ["http://127.0.0.1:3000@evil.example.org/", auth.site_url],
    ["http://:@evil.example.org/", auth.site_url],
    ["https://app.example.com@evil.example.org/a", auth.site_url],
    ["https://user:pw@app.example.com/a", auth.site_url],
    // Scheme and port are the site's (any port on loopback), hosts are ordinary.
    ["https://127.0.0.1:3000/reset", "https://127.0.0.1:3000/reset"],
    ["http://134744072/x", auth.site_url],
    ["http://8.8.8.8/x", auth.site_url],
    ["http://[::1]:9999/cb", "http://[::1]:9999/cb"],
    ["https://app_x.example.com/a", auth.site_url],
    ["http:\\\\evil.example.org\\app.example.com/", auth.site_url],
    ["https://app.example.com/users/@me", "https://app.example.com/users/@me"],
  ])("%s → %s", (requested, expected) => expect(resolveRedirect(requested, auth)).toBe(expected));

  it("refuses userinfo even where a broad glob would match the text (the reset link hand-off)", () => {
    const broad = { ...auth, site_url: "http://localhost:5173", additional_redirect_urls: ["http://127.0.0.1:*/**"] };
    expect(resolveRedirect("http://127.0.0.1:@134744072/x", broad)).toBe(broad.site_url);
    expect(resolveRedirect("http://127.0.0.1:5173/update-password", broad)).toBe(
      "http://127.0.0.1:5173/update-password",
    );
  });

  it("compares the site by origin: another scheme or port of a non-loopback site is refused", () => {
    const site = { ...auth, site_url: "https://example.com", additional_redirect_urls: [] };
    expect(resolveRedirect("https://example.com/path", site)).toBe("https://example.com/path");
    expect(resolveRedirect("http://example.com/path", site)).toBe(site.site_url);
    expect(resolveRedirect("https://example.com:8443/path", site)).toBe(site.site_url);
  });
});
