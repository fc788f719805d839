// Refine resources and React Router routes for every definition, each screen behind its permission.
import type { ResourceProps } from "@refinedev/core";
import type { ComponentType, ReactNode } from "react";
import { Route } from "react-router";
import { lazyChunk } from "../components/errors/lazyChunk";
import { GuardedScreen } from "../components/GuardedScreen";
import { listPath } from "../components/paths";
import type { ResourceDefinition } from "../resources/types";

// Screens load on first use, so the sign-in page stays small.
const ResourceForm = lazyChunk(() => import("../features/form/ResourceForm").then((m) => m.ResourceForm));
const ResourceList = lazyChunk(() => import("../features/list/ResourceList").then((m) => m.ResourceList));
const ResourceShow = lazyChunk(() => import("../features/show/ResourceShow").then((m) => m.ResourceShow));

type Screen = ComponentType<{ definition: ResourceDefinition }>;
/** Per resource name, the screens that replace the generated ones (the registry: src/overrides.tsx). */
export type ScreenOverrides = Record<string, { list?: Screen; show?: Screen; create?: Screen; edit?: Screen }>;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function refineResource(def: ResourceDefinition, icon?: ReactNode, hidden = false): ResourceProps {
  const path = listPath(def);
  const screens = def.screens ?? {};
  return {
    name: def.name,
    list: path,
    show: screens.show === false ? undefined : `${path}/:id`,
    create: screens.create === false ? undefined : `${path}/create`,
    edit: screens.edit === false ? undefined : `${path}/:id/edit`,
    // A nested resource keeps its routes (breadcrumbs, links from its parent) but no menu entry.
    meta: { label: capitalized(def.label.plural), icon, canDelete: screens.delete !== false, hide: hidden },
  };
}

function Guarded({ def, action, children }: { def: ResourceDefinition; action: string; children: ReactNode }) {
  return (
    <GuardedScreen resource={def.name} action={action}>
      {children}
    </GuardedScreen>
  );
}

export function resourceRoutes(def: ResourceDefinition, overrides: ScreenOverrides = {}) {
  const screens = def.screens ?? {};
  const Show = overrides[def.name]?.show;
  const List = overrides[def.name]?.list;
  const Create = overrides[def.name]?.create;
  const Edit = overrides[def.name]?.edit;
  return (
    <Route key={def.name} path={listPath(def)}>
      <Route
        index
        element={
          <Guarded def={def} action="list">
            {List ? <List definition={def} /> : <ResourceList definition={def} />}
          </Guarded>
        }
      />
      {screens.create !== false && (
        <Route
          path="create"
          element={
            <Guarded def={def} action="create">
              {Create ? <Create definition={def} /> : <ResourceForm definition={def} action="create" />}
            </Guarded>
          }
        />
      )}
      {screens.show !== false && (
        <Route
          path=":id"
          element={
            <Guarded def={def} action="show">
              {Show ? <Show definition={def} /> : <ResourceShow definition={def} />}
            </Guarded>
          }
        />
      )}
      {screens.edit !== false && (
        <Route
          path=":id/edit"
          element={
            <Guarded def={def} action="edit">
              {Edit ? <Edit definition={def} /> : <ResourceForm definition={def} action="edit" />}
            </Guarded>
          }
        />
      )}
    </Route>
  );
}
