// Every resource the console knows; the menu follows this order.
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

const byName = new Map([...menuResources, ...nestedResources].map((r) => [r.name, r]));

export function findResource(name: string): ResourceDefinition | undefined {
  return byName.get(name);
}

export function getResource(name: string): ResourceDefinition {
  const definition = byName.get(name);
  if (!definition) throw new Error(`No resource definition for "${name}"`);
  return definition;
}
