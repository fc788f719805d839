// Request headers that shape the response: profile (schema), media type, Range.
import { REST_ERRORS } from "../errors.js";

export type Media = "json" | "object" | "csv" | "openapi" | "plan";

const MEDIA: [RegExp, Media][] = [
  [/^application\/vnd\.pgrst\.plan(\+json|\+text)?$/, "plan"],
  [/^application\/vnd\.pgrst\.object(\+json)?$/, "object"],
  [/^application\/json$/, "json"],
  [/^application\/vnd\.pgrst\.array(\+json)?$/, "json"],
  [/^text\/csv$/, "csv"],
  [/^application\/openapi\+json$/, "openapi"],
  [/^(\*\/\*|application\/\*)$/, "json"],
];

/** The first acceptable media type of an Accept header (JSON when absent). */
export function negotiateMedia(accept: string | undefined, planEnabled: boolean): Media {
  if (!accept?.trim()) return "json";
  const types = accept.split(",").map((t) => t.split(";")[0].trim().toLowerCase());
  for (const t of types) {
    const hit = MEDIA.find(([re]) => re.test(t));
    // Plans are offered only with pgrst.db_plan_enabled.
    if (hit && (hit[1] !== "plan" || planEnabled)) return hit[1];
  }
  throw REST_ERRORS.mediaTypeUnavailable(types);
}

export const CONTENT_TYPES: Record<Exclude<Media, "plan">, string> = {
  json: "application/json; charset=utf-8",
  object: "application/vnd.pgrst.object+json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  openapi: "application/openapi+json; charset=utf-8",
};

/** The media type a result is sent as (a plan is only asked for, never sent as data). */
export function mediaOf(r: { media: Media }): Exclude<Media, "plan"> {
  return r.media === "plan" ? "json" : r.media;
}

/** The schema a request targets; `explicit` when a profile header named it. */
export function negotiateSchema(header: string | undefined, schemas: string[]): { schema: string; explicit: boolean } {
  if (header === undefined || header === "") return { schema: schemas[0], explicit: false };
  if (!schemas.includes(header)) {
    throw REST_ERRORS.schemaNotExposed(header, schemas);
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
  if (last < offset) throw REST_ERRORS.rangeNotSatisfiable();
  return { offset, limit: last - offset + 1 };
}

const EXPLAIN_OPTIONS = ["analyze", "verbose", "settings", "buffers", "wal"];

/** `Accept: application/vnd.pgrst.plan+json; for="…"; options=analyze|verbose`: how to EXPLAIN. */
interface PlanMedia {
  format: "json" | "text";
  options: string[];
  /** The media type the plan is for (only echoed back). */
  for: string;
}

export function planMedia(accept: string): PlanMedia {
  const entry = accept.split(",").find((t) => /^\s*application\/vnd\.pgrst\.plan/i.test(t)) ?? "";
  const [type, ...params] = entry.split(";").map((p) => p.trim());
  const param = (name: string) =>
    params
      .find((p) => p.toLowerCase().startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .replace(/^"|"$/g, "");
  return {
    format: type.toLowerCase().endsWith("+text") ? "text" : "json",
    options: (param("options") ?? "").split("|").filter((o) => EXPLAIN_OPTIONS.includes(o)),
    for: param("for") ?? "application/json",
  };
}

/** `application/vnd.pgrst.array+json;nulls=stripped` (or object): null fields are left out. */
export function nullsStripped(accept: string | undefined): boolean {
  const first = (accept ?? "").split(",")[0].toLowerCase();
  return /^\s*application\/vnd\.pgrst\.(array|object)\+json\s*;(.*;)?\s*nulls=stripped\s*(;|$)/.test(first);
}
