// The save path of a create or edit form, from Save to the database's answer and after:
// Refine's useForm set up for pessimistic, keyed saves sent again until the server answers
// (features/saving/keyedSaves.ts, SAVE_RETRY), the draft kept meanwhile (useFormDraft), the
// refusal put on the fields (formErrors.ts) or kept for SaveNotice, a stale version and live
// edits by others turned into the conflict notice (features/live), and where the form goes once
// its save is made. ResourceForm lays out what this returns.
import { useForm } from "@refinedev/antd";
import {
  type BaseRecord,
  type HttpError,
  type LiveEvent,
  useParsed,
  useTranslate,
  useWarnAboutChange,
} from "@refinedev/core";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { listPath, showPath } from "../../components/paths";
import { recordName } from "../../components/recordName";
import { idColumnOf, metaFor } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { useEditConflict } from "../live/useEditConflict";
import { useRecordPresence } from "../live/useRecordPresence";
import { SAVE_RETRY } from "../saving/keyedSaves";
import { useFormDraft } from "../saving/useFormDraft";
import { showFieldErrors } from "./formErrors";
import { saveStateOf } from "./saveState";
import { storedValues } from "./storedValues";
import type { NewImage } from "./useNewImage";
import { useSaveMeta } from "./useSaveMeta";

interface Options {
  /** The definition as written (features read it) and `shown`, its localized form (labels, names). */
  def: ResourceDefinition;
  shown: ResourceDefinition;
  action: "create" | "edit";
  /** A create form's new image, uploaded once the record exists. */
  image: NewImage;
}

export function useResourceFormSave({ def, shown, action, image }: Options) {
  const t = useTranslate();
  const [formError, setFormError] = useState<HttpError>();
  // Set below: the conflict handler needs the form that useForm creates.
  const onLiveEvent = useRef<(event: LiveEvent) => void>(undefined);
  // The record of /<resource>/<id>/edit, named explicitly (the resource is passed too).
  const { id: routeId } = useParsed();
  const navigate = useNavigate();
  const { setWarnWhen } = useWarnAboutChange();
  const { writeKey, loadedRow, mutationMeta } = useSaveMeta(def, action);
  const { formProps, saveButtonProps, query, id, mutation, redirect } = useForm<BaseRecord, HttpError>({
    resource: def.name,
    action,
    id: action === "edit" ? routeId : undefined,
    meta: metaFor(def),
    mutationMeta,
    createMutationOptions: SAVE_RETRY,
    updateMutationOptions: SAVE_RETRY,
    // Ours, after a save this form saw end: a save that ends after the operator left must
    // not pull them back here. A generated resource's key may be any column (a slug, a
    // composite key), so it goes to the record's page by that key; a new record's image is
    // uploaded before it goes there.
    redirect: false,
    mutationMode: "pessimistic",
    warnWhenUnsavedChanges: true,
    // Field errors show on the fields and the rest beside Save; no extra toast.
    errorNotification: false,
    // Named by the record's title ("Saved product Aquarium pump"), never the table name.
    successNotification: (data) => {
      const name = recordName(shown, data?.data);
      return {
        type: "success",
        message:
          action === "create"
            ? t("form.created", { name }, "Created {{name}}")
            : t("form.saved", { name }, "Saved {{name}}"),
      };
    },
    onMutationError: (error) => {
      showFieldErrors(formProps.form, error, t);
      setFormError(error);
      conflict.saveFinished(undefined);
      // Still not saved: leaving asks again (Refine stopped asking when Save was pressed).
      setWarnWhen(true);
    },
    onMutationSuccess: async ({ data }) => {
      setFormError(undefined);
      conflict.saveFinished(data);
      await image.attachTo(data);
      if (def.table || image.field) {
        const key = data?.[idColumnOf(def)];
        navigate(def.screens?.show !== false && key !== undefined ? showPath(def, key as string) : listPath(def));
      } else if (data?.id !== undefined) redirect("show", data.id);
    },
    // An edit form is told about changes instead of reloading under the operator's hands.
    liveMode: action === "edit" ? "manual" : "off",
    // A refused save must not reload the record under the operator's values (the conflict
    // notice offers that); lists still refresh, and the show page loads afresh.
    invalidates: ["list", "many"],
    onLiveEvent: (event) => onLiveEvent.current?.(event),
  });
  const others = useRecordPresence(def.name, action === "edit" ? id : undefined, "editing", def.table);
  const conflict = useEditConflict({
    // Labels in the operator's language for the comparison it shows.
    definition: shown,
    id,
    form: formProps.form,
    loaded: query?.data?.data,
    refetch: async () => (query ? await query.refetch() : {}),
    others,
  });
  onLiveEvent.current = conflict.onLiveEvent;
  loadedRow.current = query?.data?.data;
  const record = query?.data?.data;
  const draft = useFormDraft({
    resource: def.name,
    recordId: action === "edit" && id !== undefined ? String(id) : undefined,
    form: formProps.form,
    record,
    waitsForRecord: action === "edit",
    writeKey,
  });
  const state = saveStateOf({ action, formError, mutation, query, record });

  /** The conflict notice's and the stale notice's Reload: the record afresh, the refusal gone. */
  const reload = async () => {
    await conflict.reload();
    setFormError(undefined);
  };
  /** The form's onFinish: the conflict watch and the draft learn of the save, then it is sent. */
  const submit = (values: Record<string, unknown>) => {
    conflict.saveStarted(values);
    draft.sending(formProps.form?.getFieldsValue(true) ?? values);
    return formProps.onFinish?.(storedValues(def, values));
  };
  /** The form's onValuesChange: Refine's (unsaved-changes warning), then the draft. */
  const onValuesChange = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    formProps.onValuesChange?.(changed, all);
    draft.onValuesChange(changed);
  };

  return {
    formProps,
    saveButtonProps,
    query,
    record,
    mutation,
    others,
    conflict,
    draft,
    formError,
    state,
    reload,
    submit,
    onValuesChange,
  };
}

export type FormSave = ReturnType<typeof useResourceFormSave>;
