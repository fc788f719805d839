// Every resource the console knows; the menu follows this order. On a project with Opsdesk
// installed the resources are generated from its live schema (src/schema, loaded by
// providers/liveSchema.ts) and set here at run time, the definitions below merged over the
// generated ones of the same name as optional code overrides; on a project without it (the
// demo until it installs Opsdesk) these definitions are the console's resources as they are.
import { auditLog } from "./audit_log";
import { categories } from "./categories";
import { customers } from "./customers";
import { orderItems } from "./order_items";
import { orders } from "./orders";
import { products } from "./products";
import { staff } from "./staff";
import type { ResourceDefinition } from "./types";

/** Resources with their own menu entry and screens. */
export const menuResources: ResourceDefinition[] = [products, categories, customers, orders, staff, auditLog];

/** Resources shown only inside another one's page (related lists). */
export const nestedResources: ResourceDefinition[] = [orderItems];

/** The code definitions: the whole console without Opsdesk, overrides of generated ones with it. */
export const codeDefinitions: readonly ResourceDefinition[] = [...menuResources, ...nestedResources];

const byName = new Map(codeDefinitions.map((r) => [r.name, r]));

/** The console's resources right now: compiled, or generated from the live schema. */
export interface ConsoleResources {
  generated: boolean;
  menu: ResourceDefinition[];
  nested: ResourceDefinition[];
}

const COMPILED: ConsoleResources = { generated: false, menu: menuResources, nested: nestedResources };

let current: ConsoleResources = COMPILED;
let currentByName = byName;
const listeners = new Set<() => void>();

/** The resources generated from the live schema (undefined: back to the compiled ones). */
export function setLiveResources(definitions: ResourceDefinition[] | undefined): void {
  current = definitions ? { generated: true, menu: definitions, nested: [] } : COMPILED;
  currentByName = definitions ? new Map(definitions.map((d) => [d.name, d])) : byName;
  for (const listener of listeners) listener();
}

export const consoleResources = (): ConsoleResources => current;

/** Calls back whenever the resources change (a new schema version); returns the unsubscribe. */
export function onResourcesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function findResource(name: string): ResourceDefinition | undefined {
  return currentByName.get(name);
}

export function getResource(name: string): ResourceDefinition {
  const definition = currentByName.get(name);
  if (!definition) throw new Error(`No resource definition for "${name}"`);
  return definition;
}
