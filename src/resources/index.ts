// The console's resources of the moment and the demo's code overrides. Every resource is
// generated from the project's live schema (src/schema, loaded by providers/liveSchema.ts) and
// set here at run time; a definition below is merged over the generated one of the same name
// (src/schema/merge.ts) and says only what the demo adds (docs/any-project.md, "The console").
// A project without Opsdesk has no resources: the console says how to install it.
import { auditLog } from "./audit_log";
import { categories } from "./categories";
import { customers } from "./customers";
import { orderItems } from "./order_items";
import { orders } from "./orders";
import { products } from "./products";
import type { ResourceDefinition, ResourceOverride } from "./types";

/** The demo store's code overrides, merged over the generated definitions of the same name. */
export const codeDefinitions: readonly ResourceOverride[] = [products, categories, customers, orders, orderItems];

/**
 * Opsdesk's own tables the console shows beside the project's (describe() lists only the
 * project's): the audit log, on every project with Opsdesk.
 */
export const OPSDESK_RESOURCES: readonly ResourceDefinition[] = [auditLog];

/**
 * What the console knows of its project: `pending` until the first describe() (or its cached
 * copy) has answered, `installed` with the generated resources, `missing` where the project has
 * no Opsdesk (the console then shows how to install it, and nothing else).
 */
export type ProjectState = "pending" | "installed" | "missing";

/** The console's resources right now, generated from the live schema. */
export interface ConsoleResources {
  state: ProjectState;
  menu: ResourceDefinition[];
  nested: ResourceDefinition[];
}

const NONE = (state: ProjectState): ConsoleResources => ({ state, menu: [], nested: [] });

let current: ConsoleResources = NONE("pending");
let currentByName = new Map<string, ResourceDefinition>();
const listeners = new Set<() => void>();

function set(next: ConsoleResources): void {
  current = next;
  currentByName = new Map([...next.menu, ...next.nested].map((d) => [d.name, d]));
  for (const listener of listeners) listener();
}

/**
 * The resources generated from the live schema, with Opsdesk's own after them (unless
 * generated); those a definition marks `nested` are kept out of the menu.
 */
export function setLiveResources(definitions: ResourceDefinition[]): void {
  const own = OPSDESK_RESOURCES.filter((def) => !definitions.some((d) => d.name === def.name));
  const all = [...definitions, ...own];
  set({ state: "installed", menu: all.filter((d) => !d.nested), nested: all.filter((d) => d.nested) });
}

/** No resources: not known yet (signed out, another operator) or the project has no Opsdesk. */
export function clearLiveResources(state: Exclude<ProjectState, "installed">): void {
  set(NONE(state));
}

export const consoleResources = (): ConsoleResources => current;

/** Calls back whenever the resources change (a new schema version); returns the unsubscribe. */
export function onResourcesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { hasResources } from "./hasResources";

export function findResource(name: string): ResourceDefinition | undefined {
  return currentByName.get(name);
}

export function getResource(name: string): ResourceDefinition {
  const definition = currentByName.get(name);
  if (!definition) throw new Error(`No resource definition for "${name}"`);
  return definition;
}
