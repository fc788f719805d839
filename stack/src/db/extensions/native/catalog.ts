// The native extensions the stack ships: what each is built from and which files make
// it an extension Postgres can create. See docs/extensions-native.md.
import type { LibrarySpec } from "./build.js";

export interface NativeExtension extends LibrarySpec {
  version: string;
  /** Control file and install script, relative to the native folder. */
  control: string;
  script: string;
}

export const NATIVE_EXTENSIONS: readonly NativeExtension[] = [
  {
    name: "vector",
    version: "0.8.0",
    sources: ["vector/common.c", "vector/vector.c", "vector/halfvec.c", "vector/sparsevec.c", "vector/index.c"],
    control: "vector/vector.control",
    script: "vector/vector--0.8.0.sql",
  },
  {
    name: "http",
    version: "1.6",
    sources: ["http/http.c", "bridge/bridge.c"],
    control: "http/http.control",
    script: "http/http--1.6.sql",
  },
  {
    name: "plv8",
    version: "3.1.10",
    sources: ["plv8/plv8.c", "bridge/bridge.c"],
    control: "plv8/plv8.control",
    script: "plv8/plv8--3.1.10.sql",
  },
];

export function nativeExtension(name: string): NativeExtension | undefined {
  return NATIVE_EXTENSIONS.find((e) => e.name === name);
}

/**
 * The native extensions a piece of SQL creates (`create extension [if not exists] name`),
 * so start-up builds them before the migration that needs them runs.
 */
export function extensionsCreatedBy(sql: string): string[] {
  const found = new Set<string>();
  const pattern = /create\s+extension\s+(?:if\s+not\s+exists\s+)?"?([a-z0-9_]+)"?/gi;
  for (const match of sql.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (nativeExtension(name)) found.add(name);
  }
  return [...found];
}
