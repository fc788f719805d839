// Where an audit entry's record opens: its generated page by its id, when its table has one
// reached by that id (a table keyed by another column, or without a show screen, has none).
// Pure, so which entries link is tested without a table (recordPath.test.ts).
import type { ResourceDefinition } from "../../resources/types";

export const recordPath = (def: ResourceDefinition | undefined, id: string): string | undefined =>
  def && def.screens?.show !== false && !def.idColumn ? `/${def.route ?? def.name}/${id}` : undefined;
