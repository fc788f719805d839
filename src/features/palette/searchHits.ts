// The palette's record hits: rows of public.search_all (docs/search.md "search_all"), one
// request for every resource the operator may list, as "open" commands grouped by
// resource, each with its title and a second line in the operator's language.
import { optionLabel } from "../../i18n/localizeDefinition";
import type { Formats } from "../../lib/format";
import type { ResourceDefinition } from "../../resources/types";
import type { Command } from "./commands";

/** One row of search_all. */
export interface SearchHit {
  resource: string;
  id: string;
  title: string;
  /** The server's second line, in plain words (used where no typed details say better). */
  subtitle: string;
  details: Record<string, unknown>;
}

export interface HitGroup {
  resource: string;
  /** The resource's plural, translated, as a heading ("Audit log"). */
  label: string;
  commands: Command[];
}

export const toHits = (data: unknown): SearchHit[] => (Array.isArray(data) ? (data as SearchHit[]) : []);

const heading = (plural: string) => plural.charAt(0).toLocaleUpperCase() + plural.slice(1);

const joined = (...parts: unknown[]) =>
  parts.filter((part) => part !== undefined && part !== null && part !== "").join(" · ");

/** The option label of an enum value in the (localized) definition. */
function option(def: ResourceDefinition, field: string, value: unknown): string {
  const found = def.fields.find((f) => f.name === field);
  return found ? optionLabel(found, String(value)) : String(value);
}

/** The hit's second line: SKU and price, e-mail, status and total (and customer), … */
export function secondLine(hit: SearchHit, def: ResourceDefinition, format: Formats): string {
  const d = hit.details ?? {};
  switch (hit.resource) {
    case "products":
      return joined(d.sku, format.money(d.price));
    case "orders":
      return joined(option(def, "status", d.status), format.money(d.total), d.customer);
    case "opsdesk.audit_log":
      return joined(option(def, "action", d.action), d.actor_email);
    default:
      return hit.subtitle;
  }
}

/** search_all's resource names that are another resource of the console (its table's name). */
const SEARCH_RESOURCES: Record<string, string> = { audit_log: "opsdesk.audit_log" };

/**
 * The hits as commands grouped by resource, in search_all's order. `definitionOf` gives a
 * resource's localized definition, `format` the operator's formats; a hit of a resource
 * the console does not know, or whose records have no page, is left out.
 */
export function groupHits(
  hits: SearchHit[],
  definitionOf: (name: string) => ResourceDefinition | undefined,
  format: Formats,
) {
  const groups = new Map<string, HitGroup>();
  for (const found of hits) {
    // search_all names the demo's resources as app.can does; the audit log is Opsdesk's table.
    const hit = { ...found, resource: SEARCH_RESOURCES[found.resource] ?? found.resource };
    const def = definitionOf(hit.resource);
    if (!def || def.screens?.show === false) continue;
    const group = groups.get(hit.resource) ?? {
      resource: hit.resource,
      label: heading(def.label.plural),
      commands: [],
    };
    group.commands.push({
      id: `record:${hit.resource}:${hit.id}`,
      kind: "record",
      label: hit.title,
      detail: secondLine(hit, def, format),
      path: `/${def.route ?? def.name}/${encodeURIComponent(hit.id)}`,
    });
    groups.set(hit.resource, group);
  }
  return [...groups.values()];
}
