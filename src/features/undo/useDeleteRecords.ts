// Deleting records of a definition, undoably: one row from a list or its own page, or the
// ticked rows of a list. The final delete is one request for all of them (rowWrites.ts):
// the database deletes what it may, and the rows it refuses are named.
import { type BaseRecord, useTranslate } from "@refinedev/core";
import { useCallback } from "react";
import { recordName } from "../../components/recordName";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { idColumnOf } from "../../lib/select";
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { useScheduleDelete } from "./DeferredDeletes";
import type { Key } from "./deleteQueue";

/** `(records, screen?)`: schedules their delete; `screen` is where the undo notice shows. */
export function useDeleteRecords(def: ResourceDefinition) {
  const t = useTranslate();
  const schedule = useScheduleDelete();
  const shown = useLocalizedDefinition(def);
  return useCallback(
    (records: BaseRecord[], screen?: string) => {
      const idColumn = idColumnOf(def);
      const byId = new Map(records.map((record) => [record[idColumn] as Key, record]));
      const ids = [...byId.keys()];
      schedule({
        resource: def.name,
        ids,
        screen,
        name:
          records.length === 1
            ? recordName(shown, records[0])
            : t("undo.count", { count: records.length, plural: shown.label.plural }, "{{count}} {{plural}}"),
        send: async () => {
          const outcome = await backend.records.write(def, { action: "delete", ids }, findResource);
          // Their images and documents go with them (the database cannot remove files); the
          // report need not wait for that (a folder left behind is not the operator's concern).
          void backend.records.removeFiles(def, outcome.changed);
          return {
            deleted: outcome.changed,
            refused: outcome.refused.map((failure) => ({
              id: failure.id,
              title: String(byId.get(failure.id)?.[def.titleField] ?? failure.id),
              message: failure.message,
            })),
          };
        },
      });
    },
    [def, shown, schedule, t],
  );
}
