// Who else has a record open, as the screens show them: the record's viewers as the
// database names them (src/providers/recordViewers.ts), without the operator.
import type { PresenceMode, RecordViewer } from "../../providers/recordViewers";

export interface PresentOperator {
  userId: string;
  name: string;
  /** Editing when any of their tabs edits the record. */
  mode: PresenceMode;
}

/**
 * The record's viewers channel, `opsdesk:record:<schema>:<table>:<id>` (docs/any-project.md, the
 * channels), whose presence calls live in `opsdesk`; a resource without its table named is
 * `public.<resource>`.
 */
export const recordTopic = (resource: string, id: string | number, table?: { schema: string; name: string }) =>
  `opsdesk:record:${table?.schema ?? "public"}:${table?.name ?? resource}:${id}`;

/** Everyone on the record but the operator themselves, one entry per person, by name. */
export function othersIn(viewers: RecordViewer[], selfId: string): PresentOperator[] {
  const byUser = new Map<string, PresentOperator>();
  for (const v of viewers) {
    if (v.userId === selfId) continue;
    const known = byUser.get(v.userId);
    if (!known) byUser.set(v.userId, { userId: v.userId, name: v.name, mode: v.mode });
    else if (v.mode === "editing") known.mode = "editing";
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** `Ada Lovelace` → `AL`; `editor@example.com` → `E`. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s@.]+/).filter(Boolean);
  const letters = words.length > 1 && !name.includes("@") ? words[0][0] + words[words.length - 1][0] : words[0]?.[0];
  return (letters ?? "?").toUpperCase();
}
