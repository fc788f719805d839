// `Prefer:` header(s), comma-joined by postgrest-js, → the preferences PostgREST knows.
// Unknown or repeated preferences are kept aside for handling=strict (PGRST122).

export interface Preferences {
  return?: "minimal" | "representation" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  resolution?: "merge-duplicates" | "ignore-duplicates";
  /** Deprecated by PostgREST but honoured: the RPC body is the one json argument. */
  params?: "single-object";
  missing?: "default" | "null";
  handling?: "strict" | "lenient";
  tx?: "commit" | "rollback";
  timezone?: string;
  maxAffected?: number;
  /** Items that are not valid preferences. */
  invalid: string[];
}

const CHOICES: Record<string, readonly string[]> = {
  return: ["minimal", "representation", "headers-only"],
  count: ["exact", "planned", "estimated"],
  resolution: ["merge-duplicates", "ignore-duplicates"],
  params: ["single-object"],
  missing: ["default", "null"],
  handling: ["strict", "lenient"],
  tx: ["commit", "rollback"],
};

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  const raw = Array.isArray(header) ? header.join(",") : (header ?? "");
  const record = prefs as unknown as Record<string, unknown>;
  for (const item of raw.split(",")) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf("=");
    const key = eq < 0 ? trimmed : trimmed.slice(0, eq).trim();
    const value = eq < 0 ? "" : trimmed.slice(eq + 1).trim();
    if (key in CHOICES && CHOICES[key].includes(value) && record[key] === undefined) record[key] = value;
    else if (key === "timezone" && value && prefs.timezone === undefined) prefs.timezone = value;
    else if (key === "max-affected" && /^\d{1,15}$/.test(value) && prefs.maxAffected === undefined)
      prefs.maxAffected = Number(value);
    else prefs.invalid.push(trimmed);
  }
  return prefs;
}
