// A condition on the console's resources of the moment (a page override's `when`, the first
// screen's reads): in a module of its own, without the demo's definitions, so the sign-in
// screens that name such a condition (consoleLoader.ts) load none of them.

/** What a condition reads of the resources (resources/index.ts ConsoleResources). */
export interface ResourceNames {
  menu: readonly { name: string }[];
  nested: readonly { name: string }[];
}

/** A condition on the resources of the moment: they hold every one of these (each the operator may read). */
export const hasResources =
  (...names: string[]) =>
  (live: ResourceNames): boolean =>
    names.every((name) => live.menu.some((def) => def.name === name) || live.nested.some((def) => def.name === name));
