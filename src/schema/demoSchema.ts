// The demo store's describe() answer (demoSchema.json, as the demo's admin reads it after
// `npm start`; estimated rows and version left out) and the resources the console makes of it
// with the demo's code overrides merged over them: the resources the console's unit tests run
// on (vitest.setup.ts), so they test what the demo really shows. demoSchema.stack.test.ts
// (app project) fails when the committed answer differs from the migrations' and says how to
// write it again.
import { codeDefinitions } from "../resources";
import type { ResourceDefinition } from "../resources/types";
import { translateChecks } from "./checkRules";
import { tableKey } from "./definitionFromTable";
import demo from "./demoSchema.json" with { type: "json" };
import type { Described } from "./describe";
import { type ChecksByTable, generateResources } from "./generate";

export const DEMO_DESCRIBED = demo as unknown as Described;

/**
 * The demo's resources as the console generates and overrides them before its CHECK rules are
 * read (labels, fields, options, sections: what the e2e catalogue and menus read).
 */
export const DEMO_RESOURCES: readonly ResourceDefinition[] = generateResources(
  DEMO_DESCRIBED,
  codeDefinitions,
).definitions;

/** The demo's resources as the console generates and overrides them, CHECK rules read. */
export async function demoResources(): Promise<ResourceDefinition[]> {
  const checks: ChecksByTable = {};
  for (const table of DEMO_DESCRIBED.tables) {
    if (table.checks?.length) checks[tableKey(table.schema, table.name)] = await translateChecks(table.checks);
  }
  return generateResources(DEMO_DESCRIBED, codeDefinitions, checks).definitions;
}
