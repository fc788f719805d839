// What the command palette and the `g <letter>` shortcuts offer, as plain data so the
// choice of commands and the filtering are testable without a browser.

export interface PaletteResource {
  name: string;
  /** Menu label, already translated. */
  label: string;
  /** "Create <singular>" label, already translated; absent when the resource has no create screen. */
  createLabel?: string;
  listPath: string;
  createPath?: string;
}

export interface Command {
  id: string;
  kind: "go" | "create" | "record";
  label: string;
  /** A second line telling same-named records apart (a record's SKU, e-mail, status and total). */
  detail?: string;
  path: string;
  /** Shortcut shown beside the command (e.g. "g p"). */
  shortcut?: string;
}

/** What the operator may do, as `resource:action` keys (see PermissionStore). */
export type Allowed = (resource: string, action: "list" | "create") => boolean;

/**
 * A letter per resource for `g <letter>`: the first letter of its name not taken by an
 * earlier resource (products p, categories c, customers u, …), stable in menu order.
 */
export function shortcutLetters(names: string[]): Map<string, string> {
  const taken = new Set<string>();
  const letters = new Map<string, string>();
  for (const name of names) {
    const letter = [...name.toLowerCase()].find((c) => /[a-z]/.test(c) && !taken.has(c));
    if (!letter) continue;
    taken.add(letter);
    letters.set(name, letter);
  }
  return letters;
}

export function buildCommands(resources: PaletteResource[], allowed: Allowed): Command[] {
  const visible = resources.filter((r) => allowed(r.name, "list"));
  // Letters are dealt over every resource of the menu, not only those allowed so far: a
  // permission answering later (or an operator lacking one) never moves a key to another screen.
  const letters = shortcutLetters(resources.map((r) => r.name));
  const go: Command[] = visible.map((r) => ({
    id: `go:${r.name}`,
    kind: "go",
    label: r.label,
    path: r.listPath,
    shortcut: letters.has(r.name) ? `g ${letters.get(r.name)}` : undefined,
  }));
  const create: Command[] = resources
    .filter((r) => r.createPath && r.createLabel && allowed(r.name, "create"))
    .map((r) => ({ id: `create:${r.name}`, kind: "create", label: r.createLabel ?? "", path: r.createPath ?? "" }));
  return [...go, ...create];
}

/** Lower case without accents, so "kat" finds "Kategorien" and "uber" finds "Über". */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * Commands whose label contains every word of the query; labels starting with the query
 * come first, otherwise the original order is kept.
 */
export function filterCommands(commands: Command[], query: string): Command[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  const folded = fold(query.trim());
  const matches = commands.filter((c) => {
    const label = fold(c.label);
    return words.every((w) => label.includes(w));
  });
  const starts = (c: Command) => (fold(c.label).startsWith(folded) ? 0 : 1);
  return matches
    .map((command, index) => ({ command, index }))
    .sort((a, b) => starts(a.command) - starts(b.command) || a.index - b.index)
    .map(({ command }) => command);
}

/** True when a key press belongs to what the operator is typing, not to a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== "string") return false;
  const element = target as HTMLElement;
  const tag = element.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || element.isContentEditable;
}
