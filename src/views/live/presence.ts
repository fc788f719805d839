// Who else has a record open, as the screens show them: the presence state of the record's
// channel (src/providers/presenceChannels.ts) without the operator, one entry per person.
import type { PresenceMode, PresencePayload } from "../../providers/presenceChannels";
import { findResource } from "../../resources";

export interface PresentOperator {
  userId: string;
  name: string;
  email?: string;
  /** Editing when any of their tabs edits the record. */
  mode: PresenceMode;
}

export const recordTopic = (resource: string, id: string | number) => {
  // A table generated from the live schema: the project's `opsdesk:record:<schema>:<table>:<key>`
  // (docs/any-project.md), which operators who may show the table join.
  const table = findResource(resource)?.table;
  return table ? `opsdesk:record:${table.schema}:${table.name}:${id}` : `record:${resource}:${id}`;
};

/** Everyone on the channel but the operator themselves (all of whose tabs share one key). */
export function othersIn(state: Record<string, Partial<PresencePayload>[]>, selfId: string): PresentOperator[] {
  return Object.entries(state)
    .filter(([key, metas]) => key !== selfId && metas.length > 0)
    .map(([key, metas]) => ({
      userId: key,
      name: metas.find((m) => m.name)?.name ?? metas[0]?.email ?? key,
      email: metas.find((m) => m.email)?.email,
      mode: metas.some((m) => m.mode === "editing") ? ("editing" as const) : ("viewing" as const),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `Ada Lovelace` → `AL`; `editor@example.com` → `E`. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s@.]+/).filter(Boolean);
  const letters = words.length > 1 && !name.includes("@") ? words[0][0] + words[words.length - 1][0] : words[0]?.[0];
  return (letters ?? "?").toUpperCase();
}
