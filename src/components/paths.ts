// A resource's screens' paths: what the routes declare (routes.tsx) and what links to them
// build, in one place. Links built here need no router hook, so they stay the same while the
// location changes (a list's rows do not re-render when its page number reaches the URL).
import type { BaseKey } from "@refinedev/core";
import type { ResourceDefinition } from "../resources/types";

export const listPath = (def: ResourceDefinition) => `/${def.route ?? def.name}`;
export const showPath = (def: ResourceDefinition, id: BaseKey) => `${listPath(def)}/${encodeURIComponent(String(id))}`;
export const editPath = (def: ResourceDefinition, id: BaseKey) => `${showPath(def, id)}/edit`;
