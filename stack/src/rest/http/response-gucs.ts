// `response.headers` / `response.status`: a function (or trigger) called by the
// request sets them with set_config(…, true) and PostgREST applies them to the HTTP
// response. The statement that ran the request reads them after its rows
// (RESPONSE_GUC_COLUMNS in rest/sql/read).
import { REST_ERRORS } from "../errors.js";

/** What the settings act on: a response's status and headers (RestResponse in ./context). */
interface GucTarget {
  status: number;
  headers: Record<string, string | string[]>;
  gucs?: ResponseGucs;
}

export interface ResponseGucs {
  /** JSON array of single-key objects, e.g. `[{"Set-Cookie": "a=1"}]`. */
  headers: string | null;
  status: string | null;
}

export function gucsOf(row: Record<string, unknown> | undefined): ResponseGucs | undefined {
  const headers = (row?.response_headers as string | null | undefined) ?? null;
  const status = (row?.response_status as string | null | undefined) ?? null;
  return headers === null && status === null ? undefined : { headers, status };
}

function parseHeaders(text: string): [string, string][] {
  const invalid = REST_ERRORS.responseHeadersGuc;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value)) throw invalid();
  return value.map((item) => {
    const entries = typeof item === "object" && item !== null && !Array.isArray(item) ? Object.entries(item) : [];
    if (entries.length !== 1 || typeof entries[0][1] !== "string") throw invalid();
    return [entries[0][0].toLowerCase(), entries[0][1] as string];
  });
}

/**
 * The response with its settings applied: their headers replace ours of the same
 * name (a name given several times is sent several times).
 */
export function applyResponseGucs<Response extends GucTarget>(res: Response): Response {
  const { gucs } = res;
  if (!gucs) return res;
  let status = res.status;
  if (gucs.status !== null) {
    status = /^\d{3}$/.test(gucs.status.trim()) ? Number(gucs.status) : Number.NaN;
    if (!(status >= 100 && status <= 599)) throw REST_ERRORS.responseStatusGuc();
  }
  const headers = { ...res.headers };
  const fromGuc = new Map<string, string[]>();
  for (const [name, value] of gucs.headers === null ? [] : parseHeaders(gucs.headers)) {
    fromGuc.set(name, [...(fromGuc.get(name) ?? []), value]);
  }
  for (const [name, values] of fromGuc) headers[name] = values.length === 1 ? values[0] : values;
  return { ...res, status, headers };
}
