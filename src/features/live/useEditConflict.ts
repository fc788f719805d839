// Edit conflicts: a live event about the record while it is being edited says so at once
// (with who, where known); a reload — offered then, or after a stale save — keeps what the
// operator had typed next to the current values, field by field, to take over if wanted.
import type { BaseKey, BaseRecord, LiveEvent } from "@refinedev/core";
import type { FormInstance } from "antd";
import { useCallback, useRef, useState } from "react";
import { formFields } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { type ConflictRow, compareUnsaved, isForeignChange } from "./conflict";
import { lastActor } from "./lastActor";
import type { PresentOperator } from "./presence";

export interface RemoteChange {
  deleted: boolean;
  /** Name or e-mail of whoever saved, once known. */
  who?: string;
}

interface Options {
  definition: ResourceDefinition;
  id: BaseKey | undefined;
  form: FormInstance | undefined;
  loaded: BaseRecord | undefined;
  refetch: () => Promise<{ data?: { data?: BaseRecord } }>;
  others: PresentOperator[];
}

export function useEditConflict({ definition, id, form, loaded, refetch, others }: Options) {
  const [remote, setRemote] = useState<RemoteChange>();
  const [comparison, setComparison] = useState<ConflictRow[]>();
  const ownSave = useRef<"pending" | BaseRecord>(undefined);
  // What the operator had typed and the record it started from, taken when the conflict
  // shows (a live event or a save): the reload compares those, not a form reset since.
  const snapshot = useRef<{ mine: Record<string, unknown>; loaded: BaseRecord }>(undefined);
  const takeSnapshot = (mine?: Record<string, unknown>) => {
    snapshot.current = {
      mine: mine ?? ((form?.getFieldsValue(true) ?? {}) as Record<string, unknown>),
      loaded: loaded ?? {},
    };
  };
  const takeSnapshotRef = useRef(takeSnapshot);
  takeSnapshotRef.current = takeSnapshot;
  // The live callback is registered once; it reads the latest presence through a ref.
  const othersRef = useRef(others);
  othersRef.current = others;

  const onLiveEvent = useCallback(
    (event: LiveEvent) => {
      if (!isForeignChange(event.payload as BaseRecord, ownSave.current)) return;
      const deleted = event.type === "deleted";
      if (!snapshot.current) takeSnapshotRef.current();
      setRemote({ deleted });
      if (id === undefined) return;
      void lastActor(definition.name, String(id)).then((actor) => {
        if (!actor) return;
        const present = othersRef.current.find((o) => o.userId === actor.id);
        const who = present?.name ?? actor.email;
        if (who) setRemote((current) => current && { ...current, who });
      });
    },
    [definition.name, id],
  );

  const reload = useCallback(async () => {
    const mine = snapshot.current?.mine ?? ((form?.getFieldsValue(true) ?? {}) as Record<string, unknown>);
    const before = snapshot.current?.loaded ?? loaded ?? {};
    snapshot.current = undefined;
    const result = await refetch();
    const current = result.data?.data;
    setRemote(undefined);
    setComparison(current ? compareUnsaved(formFields(definition), before, mine, current) : undefined);
  }, [form, loaded, refetch, definition]);

  const takeMine = useCallback(
    (rows: ConflictRow[]) => {
      for (const row of rows) form?.setFieldValue(row.field.name, row.mine);
      setComparison((current) => current?.filter((row) => !rows.includes(row)));
    },
    [form],
  );

  return {
    remote,
    comparison,
    onLiveEvent,
    reload,
    takeMine,
    dismissComparison: () => setComparison(undefined),
    /** Call around the form's submit so its own change is not taken for someone else's. */
    saveStarted: (values: Record<string, unknown>) => {
      ownSave.current = "pending";
      takeSnapshot(values);
    },
    saveFinished: (saved: BaseRecord | undefined) => {
      ownSave.current = saved;
      if (saved) {
        snapshot.current = undefined;
        setComparison(undefined);
      }
    },
  };
}
