// The menu's resources as palette entries, with what the signed-in operator may do with them.
import { useMenu, useTranslate } from "@refinedev/core";
import { useEffect, useMemo, useState } from "react";
import { consolePermissions } from "../../providers";
import { findResource } from "../../resources";
import type { Allowed, PaletteResource } from "./commands";

/** Screens every staff member may open, as in the access control provider. */
const OPEN_TO_STAFF = new Set(["dashboard"]);

export function usePaletteResources(): { resources: PaletteResource[]; allowed: Allowed } {
  const t = useTranslate();
  const { menuItems } = useMenu();
  const [held, setHeld] = useState<Set<string>>(new Set());

  useEffect(() => {
    let current = true;
    consolePermissions()
      .get()
      .then((keys) => current && setHeld(keys));
    return () => {
      current = false;
    };
  }, []);

  const resources = useMemo(
    () =>
      menuItems
        .flatMap((item) => [item, ...item.children])
        .filter((item) => item.route)
        .map((item): PaletteResource => {
          const singular = t(`resources.${item.name}.singular`, findResource(item.name)?.label.singular ?? item.name);
          const createPath = typeof item.create === "string" ? item.create : undefined;
          return {
            name: item.name,
            label: item.label ?? item.name,
            listPath: item.route ?? "/",
            createPath,
            createLabel: createPath ? t("palette.create", { resource: singular }, "New {{resource}}") : undefined,
          };
        }),
    [menuItems, t],
  );

  const allowed: Allowed = (resource, action) =>
    OPEN_TO_STAFF.has(resource) ? held.size > 0 : held.has(`${resource}:${action}`);
  return { resources, allowed };
}
