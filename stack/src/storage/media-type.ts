// An object's media type, as stored and as served (docs/security.md "Object media
// types"). An upload's Content-Type is parsed by a real RFC 9110 parser (jshttp's
// `content-type`): exactly one type with well-formed parameters, each named once, or
// the upload is refused. What is stored is the canonical form: the lowercase essence
// (`type/subtype`) and, of the parameters, only `charset` (the one that changes how a
// download is read; `boundary`, `name`, `x=` and the like mean nothing for a stored
// object and were the way to smuggle a second type past the bucket's check). The
// bucket's allowed_mime_types are matched against that essence.
import contentType from "content-type";

export interface MediaType {
  /** `type/subtype`, lowercase. */
  essence: string;
  /** The charset parameter, lowercase, when one was given. */
  charset?: string;
}

export const DEFAULT_MEDIA_TYPE = "application/octet-stream";

/** The parameter names of a header `content-type` already accepted (quoted values may hold `;`). */
function parameterNames(header: string): string[] {
  const names: string[] = [];
  let quoted = false;
  let escaped = false;
  let start = -1;
  for (let i = 0; i < header.length; i++) {
    const ch = header[i];
    if (escaped) escaped = false;
    else if (quoted && ch === "\\") escaped = true;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ";") start = i + 1;
    else if (!quoted && ch === "=" && start >= 0) {
      names.push(header.slice(start, i).trim().toLowerCase());
      start = -1;
    }
  }
  return names;
}

/** The header's media type; null when it is not exactly one valid type with valid, distinct parameters. */
export function parseMediaType(header: string): MediaType | null {
  let parsed: contentType.ParsedMediaType;
  try {
    parsed = contentType.parse(header);
  } catch {
    return null;
  }
  const names = parameterNames(header);
  if (new Set(names).size !== names.length) return null;
  const charset = parsed.parameters.charset?.toLowerCase();
  return charset ? { essence: parsed.type, charset } : { essence: parsed.type };
}

export function formatMediaType(media: MediaType): string {
  return media.charset ? `${media.essence};charset=${media.charset}` : media.essence;
}

/**
 * The Content-Type a download is served with, whatever was stored (rows written
 * before uploads were parsed may hold anything): the canonical type, octet-stream
 * for what does not parse, and text/html as text/plain, as storage-api's renderer
 * does (`normalizeContentType`).
 */
export function servedMediaType(stored: string | null | undefined): string {
  const media = stored ? parseMediaType(stored) : null;
  if (!media) return DEFAULT_MEDIA_TYPE;
  if (media.essence === "text/html") return "text/plain";
  return formatMediaType(media);
}

/** Bucket `allowed_mime_types` (`type/*` wildcards, `*` or `*\/*` for any) against an essence. */
export function mediaTypeAllowed(allowed: string[] | null, essence: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    if (p === "*/*" || p === "*") return true;
    return p.endsWith("/*") ? essence.startsWith(p.slice(0, -1)) : p === essence;
  });
}

/**
 * Headers every object download carries (public, authenticated, signed, rendered):
 * no sniffing a type other than the one sent, and a sandbox with no sources, so
 * even a document type the browser renders cannot run script or load anything on
 * the API's origin. PDFs go without the CSP: Chromium refuses to show a PDF in a
 * sandboxed document, and its viewer runs a PDF's script apart from the origin.
 */
export function downloadSafetyHeaders(servedType: string): Record<string, string> {
  const headers: Record<string, string> = { "x-content-type-options": "nosniff" };
  if (!servedType.startsWith("application/pdf")) headers["content-security-policy"] = "default-src 'none'; sandbox";
  return headers;
}
