// A form's values are never lost (docs/everyday.md, "Saving without a connection"):
// - every change is kept as the form's draft in this browser (features/saving), so a reload
//   or a crashed tab brings it back, with the save's idempotency key;
// - keys typed before an edit form's record arrived stay (Refine resets the form to the record
//   when it arrives, which wiped them);
// - a save pressed before the tab went away is sent again when the form opens again (its key
//   makes sure it is made once);
// - the draft goes once its save is made (keyedSaves.ts), or when the operator discards it or
//   chooses to leave the form (shell/LeaveGuard.tsx).
import { type BaseRecord, useGetIdentity, useWarnAboutChange } from "@refinedev/core";
import type { FormInstance } from "antd";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { Draft } from "./drafts";
import { drafts } from "./pageDrafts";

interface Options {
  resource: string;
  /** The record an edit form edits; none for a create form. */
  recordId?: string;
  form: FormInstance | undefined;
  /** An edit form's record once it has arrived; a create form has none to wait for. */
  record: BaseRecord | undefined;
  waitsForRecord: boolean;
  /** The form's save key; a restored draft puts its own in (its save may have been sent already). */
  writeKey: RefObject<string | undefined>;
}

export interface FormDraft {
  /** Chain into the form's onValuesChange. */
  onValuesChange: (changed: Record<string, unknown>) => void;
  /** Call as Save sends `values`. */
  sending: (values: Record<string, unknown>) => void;
  /** When the draft the form came back with was written (ms since the epoch). */
  restoredFrom?: number;
  /** The restored draft's save was sent before and is sent again now. */
  resent: boolean;
  /** Drops the draft and shows the record (or an empty form) again. */
  discard: () => void;
}

export function useFormDraft({ resource, recordId, form, record, waitsForRecord, writeKey }: Options): FormDraft {
  const { data: identity } = useGetIdentity<{ id?: string }>();
  const userId = identity?.id;
  const { setWarnWhen } = useWarnAboutChange();
  const [restored, setRestored] = useState<Draft>();
  const [resent, setResent] = useState(false);
  // Changes made before the draft was looked up (the record or the operator not known yet).
  const early = useRef<Record<string, unknown>>({});
  const settled = useRef(false);
  const keyNow = () => writeKey.current ?? "";

  const store = drafts();
  const keep = (values: Record<string, unknown>, sent: boolean) => {
    if (userId) store.put(userId, { resource, recordId, values, writeKey: keyNow(), sent, savedAt: Date.now() });
  };

  const ready = Boolean(userId) && Boolean(form) && (!waitsForRecord || record !== undefined);
  const looking = useRef(false);
  useEffect(() => {
    if (!ready || looking.current || !form || !userId) return;
    looking.current = true;
    void store.find(userId, resource, recordId).then((draft) => {
      settled.current = true;
      const typed = early.current;
      if (draft) {
        form.setFieldsValue(draft.values);
        writeKey.current = draft.writeKey;
        setRestored(draft);
      }
      // What was typed here meanwhile wins over an older draft.
      if (Object.keys(typed).length > 0) form.setFieldsValue(typed);
      if (draft || Object.keys(typed).length > 0) {
        setWarnWhen(true);
        keep(form.getFieldsValue(true), false);
      }
      // Sent before its tab went away, and not on its way from this tab: send it again.
      if (draft?.sent) {
        setResent(true);
        form.submit();
      }
    });
  });

  // An open form's draft goes when the operator chooses to leave it.
  useEffect(() => {
    if (!userId) return;
    return store.opened(userId, () => ({ resource, recordId, writeKey: writeKey.current ?? "" }));
  }, [store, userId, resource, recordId, writeKey]);

  return {
    onValuesChange: (changed) => {
      if (!settled.current) early.current = { ...early.current, ...changed };
      else if (form) keep(form.getFieldsValue(true), false);
    },
    sending: (values) => {
      keep(values, true);
      store.startSending(keyNow());
    },
    restoredFrom: restored?.savedAt,
    resent,
    discard: () => {
      if (userId) store.remove(userId, { resource, recordId, writeKey: keyNow() });
      setRestored(undefined);
      setResent(false);
      setWarnWhen(false);
      form?.resetFields();
    },
  };
}
