// Deleting records of a definition, undoably: one row from a list or its own page, or the
// ticked rows of a list. Each row is deleted on its own, and the refused ones are named.
import { type BaseRecord, useTranslate } from "@refinedev/core";
import { useCallback } from "react";
import { useScheduleDelete } from "../../components/undo/DeferredDeletes";
import type { Key } from "../../components/undo/deleteQueue";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { idColumnOf } from "../../lib/select";
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { runBulk } from "../bulk/runBulk";
import { recordName } from "../recordName";

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
          const outcome = await runBulk(ids, (id) => backend.records.deleteRow(def, id, findResource));
          // Their images and documents go with them (the database cannot remove files).
          await backend.records.removeFiles(def, outcome.succeeded);
          return {
            deleted: outcome.succeeded,
            refused: outcome.failed.map((failure) => ({
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
