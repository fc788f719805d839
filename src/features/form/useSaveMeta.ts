// What every save of a form carries to the data provider (docs/everyday.md, "Saving without a
// connection"): its idempotency key, the same however often the save is sent (a restored draft
// brings its own), and for a generated resource's edit the row as loaded, so an update of a
// row changed since is refused as stale. A versioned definition's edit carries the version it
// loaded instead (its database refuses a stale one after recording the key), so a save sent
// again after a lost answer reaches the row and is told it was made. Read as a save starts — getters, because Refine copies
// the meta then — never from an older render.
import type { BaseRecord } from "@refinedev/core";
import { type RefObject, useMemo, useRef } from "react";
import type { ResourceDefinition } from "../../resources/types";

export interface SaveMeta {
  /** The form's save key (handed to the draft, which may put a restored one in). */
  writeKey: RefObject<string | undefined>;
  /** Set on each render to the record the form loaded. */
  loadedRow: RefObject<BaseRecord | undefined>;
  /** Refine's `mutationMeta`. */
  mutationMeta: { readonly writeKey: string | undefined; readonly loaded: BaseRecord | undefined };
}

export function useSaveMeta(def: ResourceDefinition, action: "create" | "edit"): SaveMeta {
  const loadedRow = useRef<BaseRecord | undefined>(undefined);
  const writeKey = useRef<string>(undefined);
  writeKey.current ??= crypto.randomUUID();
  // Compared with the loaded row only where no version guards the record: the loaded columns as
  // filters would match no row on a save sent again, which the database could then not answer.
  const generatedEdit = Boolean(def.table) && action === "edit" && !def.versioned;
  const mutationMeta = useMemo(
    () => ({
      get writeKey() {
        return writeKey.current;
      },
      get loaded() {
        return generatedEdit ? loadedRow.current : undefined;
      },
    }),
    [generatedEdit],
  );
  return { writeKey, loadedRow, mutationMeta };
}
