// Where links and verify redirects may send the user, as GoTrue's IsRedirectURLValid
// decides, plus one refusal of our own (docs/security.md "Redirects"):
// * a URL with userinfo (`http://127.0.0.1:@134744072/x`) is refused: the glob saw
//   "127.0.0.1" where the browser goes to 8.8.8.8;
// * back to the site: scheme, host and port of the parsed URL equal site_url's (any
//   port on a loopback host, RFC 8252 §7.3);
// * a host written as one decimal number is refused, an IP address must be loopback,
//   an http(s) host must be an ordinary hostname;
// * else additional_redirect_urls, globs as GoTrue compiles them with '.' and '/' as
//   separators (`*` stays within one segment, `**` crosses them), matched against the
//   URL without its fragment.
// URLs are parsed as the browser parses them (WHATWG), since the browser follows them.
import { isIP } from "node:net";
import type { StackConfig } from "../config/index.js";

export function globToRegExp(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "*" && pattern[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (ch === "*") re += "[^./]*";
    else if (ch === "?") re += "[^./]";
    else re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "[::]"]);
const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** An IP literal's text without IPv6 brackets; null for a name. */
function ipOf(hostname: string): string | null {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

function isLoopbackIp(ip: string): boolean {
  if (isIP(ip) === 4) return ip.startsWith("127.");
  return ip === "::1" || /^::ffff:127\./i.test(ip) || /^::ffff:7f/i.test(ip);
}

/** The authority as written (`user:pass@host:port`), as WHATWG delimits it: `\\` ends it too. */
function writtenAuthority(url: string): string {
  return /^[a-z][a-z0-9+.-]*:[\\/]*([^\\/?#]*)/i.exec(url.trim())?.[1] ?? "";
}

export function isAllowedRedirect(url: string, auth: StackConfig["auth"]): boolean {
  const target = parse(url);
  const site = parse(auth.site_url);
  if (!target || !site) return false;
  const authority = writtenAuthority(url);
  // Userinfo, even empty (`http://:@evil/` parses to no username at all).
  if (authority.includes("@") || target.username !== "" || target.password !== "") return false;
  const host = target.hostname;
  if (
    host === site.hostname &&
    target.protocol === site.protocol &&
    (target.port === site.port || LOOPBACK_NAMES.has(host.toLowerCase()))
  ) {
    return true;
  }
  const http = target.protocol === "http:" || target.protocol === "https:";
  // The host as written: WHATWG has already turned `134744072` into 8.8.8.8.
  if (DECIMAL_HOST.test(authority.replace(/:[0-9]*$/, ""))) return false;
  const ip = ipOf(host);
  if (ip) return isLoopbackIp(ip);
  if (http && !REGULAR_HOSTNAME.test(host)) return false;
  const withoutFragment = url.split("#")[0];
  return auth.additional_redirect_urls.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** The redirect GoTrue would use: the requested one when allowed, else site_url. */
export function resolveRedirect(requested: string | undefined, auth: StackConfig["auth"]): string {
  return requested && isAllowedRedirect(requested, auth) ? requested : auth.site_url;
}
