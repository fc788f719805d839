// Answers Refine's "can I?" from the same permission rows RLS uses, so menus, buttons
// and routes match what the database allows.
import type { AccessControlProvider } from "@refinedev/core";
import { MESSAGES } from "../i18n/messages";
import type { PermissionStore } from "./permissions";

/** Refine's action names that are another action in the matrix. */
const ACTION_ALIASES: Record<string, string> = { clone: "create" };

/** The actions of the permission matrix (docs/any-project.md, "The permission model"). */
export type Action = "list" | "show" | "create" | "edit" | "delete" | "export" | "import";

/** Screens every operator may open (they are not rows of the matrix). */
const OPERATOR_SCREENS = new Set(["dashboard", "profile"]);

/** One permission of the matrix: an action on a resource (named as the generator names it). */
export interface Permission {
  resource: string;
  action: Action;
}

/**
 * Pages a project adds (src/overrides.tsx, shell/pageOverrides.tsx) by name, each answered by the
 * permissions of the matrix it needs (all of them); set by the console for the pages of the moment.
 */
let pageGuards: Record<string, readonly Permission[]> = {};

export function guardPages(guards: Record<string, readonly Permission[]>): void {
  pageGuards = guards;
}

export function createAccessControlProvider(store: PermissionStore): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      const held = await store.get();
      const name = params?.resource?.name ?? resource;
      const guard = name ? pageGuards[name] : undefined;
      if (!guard && (!name || OPERATOR_SCREENS.has(name)))
        return held.size > 0 ? { can: true } : { can: false, reason: MESSAGES.forbidden };
      const can = guard
        ? guard.every((needed) => held.has(`${needed.resource}:${needed.action}`))
        : held.has(`${name}:${ACTION_ALIASES[action] ?? action}`);
      return can ? { can } : { can, reason: MESSAGES.forbidden };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    },
  };
}
