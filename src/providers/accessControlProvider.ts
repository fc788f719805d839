// Answers Refine's "can I?" from the same permission rows RLS uses, so menus, buttons
// and routes match what the database allows.
import type { AccessControlProvider } from "@refinedev/core";
import { MESSAGES } from "../i18n/messages";
import type { PermissionStore } from "./permissions";

/** Refine's action names that are another action in the matrix. */
const ACTION_ALIASES: Record<string, string> = { clone: "create" };

/** Screens every staff member may open (they are not rows of the matrix). */
const STAFF_SCREENS = new Set(["dashboard", "profile"]);

/** Screens that are not rows of the matrix but need these of its permissions (docs/product.md §2). */
const COMPOUND_SCREENS: Record<string, string[]> = {
  customer_duplicates: ["customers:edit", "customers:delete"],
};

export function createAccessControlProvider(store: PermissionStore): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      const held = await store.get();
      const name = params?.resource?.name ?? resource;
      if (!name || STAFF_SCREENS.has(name))
        return held.size > 0 ? { can: true } : { can: false, reason: MESSAGES.forbidden };
      const needed = COMPOUND_SCREENS[name] ?? [`${name}:${ACTION_ALIASES[action] ?? action}`];
      const can = needed.every((permission) => held.has(permission));
      return can ? { can } : { can, reason: MESSAGES.forbidden };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    },
  };
}
