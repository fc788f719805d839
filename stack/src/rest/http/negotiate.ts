// Request headers that shape the response: profile (schema), media type, Range.
import { pgrst } from "../errors.js";

export type Media = "json" | "object" | "csv" | "openapi";

const MEDIA: [RegExp, Media][] = [
  [/^application\/vnd\.pgrst\.object(\+json)?$/, "object"],
  [/^application\/json$/, "json"],
  [/^application\/vnd\.pgrst\.array(\+json)?$/, "json"],
  [/^text\/csv$/, "csv"],
  [/^application\/openapi\+json$/, "openapi"],
  [/^(\*\/\*|application\/\*)$/, "json"],
];

/** The first acceptable media type of an Accept header (JSON when absent). */
export function negotiateMedia(accept: string | undefined): Media {
  if (!accept?.trim()) return "json";
  const types = accept.split(",").map((t) => t.split(";")[0].trim().toLowerCase());
  for (const t of types) {
    const hit = MEDIA.find(([re]) => re.test(t));
    if (hit) return hit[1];
  }
  throw pgrst(406, "PGRST107", `None of these media types are available: ${types.join(", ")}`);
}

export const CONTENT_TYPES: Record<Media, string> = {
  json: "application/json; charset=utf-8",
  object: "application/vnd.pgrst.object+json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  openapi: "application/openapi+json; charset=utf-8",
};

/** The schema a request targets; `explicit` when a profile header named it. */
export function negotiateSchema(header: string | undefined, schemas: string[]): { schema: string; explicit: boolean } {
  if (header === undefined || header === "") return { schema: schemas[0], explicit: false };
  if (!schemas.includes(header)) {
    throw pgrst(
      406,
      "PGRST106",
      `Invalid schema: ${header}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(", ")}`,
    );
  }
  return { schema: header, explicit: true };
}

/** `Range: 0-9` (items) → offset/limit. */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  const m = header ? /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header) : null;
  if (!m) return undefined;
  const offset = Number(m[1]);
  if (m[2] === "") return { offset };
  const last = Number(m[2]);
  if (last < offset) throw pgrst(416, "PGRST103", "Requested range not satisfiable", null);
  return { offset, limit: last - offset + 1 };
}
