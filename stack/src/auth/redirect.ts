// Where links and verify redirects may send the user: site_url's host, or a URL
// matching additional_redirect_urls (globs as GoTrue compiles them with '.' and
// '/' as separators: `*` stays within one segment, `**` crosses them).
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

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

export function isAllowedRedirect(url: string, auth: StackConfig["auth"]): boolean {
  const host = hostnameOf(url);
  if (!host) return false;
  if (host === hostnameOf(auth.site_url)) return true;
  return auth.additional_redirect_urls.some((pattern) => globToRegExp(pattern).test(url));
}

/** The redirect GoTrue would use: the requested one when allowed, else site_url. */
export function resolveRedirect(requested: string | undefined, auth: StackConfig["auth"]): string {
  return requested && isAllowedRedirect(requested, auth) ? requested : auth.site_url;
}
