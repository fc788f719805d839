// Create and edit share this form: the database's rules before submit, its errors on the
// fields after, a reload offer on a stale version, and a warning before losing changes. What
// is typed is kept as a draft and a save that gets no answer is sent again until the server
// answers, never made twice (features/saving/, docs/everyday.md "Saving without a connection").
import { Create, Edit, useForm } from "@refinedev/antd";
import {
  type BaseKey,
  type BaseRecord,
  type HttpError,
  type LiveEvent,
  useNotification,
  useParsed,
  useTranslate,
  useWarnAboutChange,
} from "@refinedev/core";
import { Alert, Form, Input } from "antd";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BACK_ICON } from "../../components/backIcon";
import { ScreenUnavailable } from "../../components/connection/ScreenWaiting";
import { DefinitionNotices } from "../../components/DefinitionNotices";
import { listPath, showPath } from "../../components/paths";
import { recordName } from "../../components/recordName";
import { useTabTitle } from "../../components/useTabTitle";
import { localizeMessage } from "../../i18n/messages";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { idColumnOf, metaFor } from "../../lib/select";
import { isStaleError } from "../../providers/errors";
import type { ResourceDefinition } from "../../resources/types";
import { type ChosenImage, NewImagePicker } from "../files/NewImagePicker";
import { useBucketLimits } from "../files/useBucketLimits";
import { useAttachImage } from "../files/useRecordImage";
import { ConflictNotice, StaleNotice } from "../live/ConflictNotice";
import { RecordPresence } from "../live/RecordPresence";
import { useEditConflict } from "../live/useEditConflict";
import { useRecordPresence } from "../live/useRecordPresence";
import { SAVE_RETRY } from "../saving/keyedSaves";
import { DraftRestored, SaveWaiting } from "../saving/SaveStatus";
import { useFormDraft } from "../saving/useFormDraft";
import { RecordMissing } from "../show/RecordMissing";
import { DeleteRecordButton } from "../undo/DeleteRecordButton";
import { showFieldErrors } from "./formErrors";
import { buildFormItems } from "./formItems";
import { SaveBar } from "./SaveBar";

/** JSON fields are edited as text: what is stored is the value it spells. */
function storedValues(def: ResourceDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const json = def.fields.filter((f) => f.type === "json" && !f.readOnly && typeof values[f.name] === "string");
  if (json.length === 0) return values;
  const out = { ...values };
  for (const field of json) {
    const text = String(values[field.name]).trim();
    out[field.name] = text === "" ? null : JSON.parse(text);
  }
  return out;
}

interface Props {
  definition: ResourceDefinition;
  action: "create" | "edit";
  /** Shown above the fields, inside the form (Form.useFormInstance reaches it). */
  children?: ReactNode;
}

export function ResourceForm({ definition: def, action, children }: Props) {
  const t = useTranslate();
  // Labels and rules in the operator's language for the fields; features get `def` itself.
  const shown = useLocalizedDefinition(def);
  const name = shown.label.singular.replace(/^./, (c) => c.toUpperCase());
  const [formError, setFormError] = useState<HttpError>();
  // Set below: the conflict handler needs the form that useForm creates.
  const onLiveEvent = useRef<(event: LiveEvent) => void>(undefined);
  // The record of /<resource>/<id>/edit, named explicitly (the resource is passed too).
  const { id: routeId } = useParsed();
  // A create form takes the record's image too; it is uploaded once the record exists, then
  // the form goes to the record's page (onMutationSuccess, after the upload).
  const imageField = action === "create" ? def.fields.find((f) => f.type === "image" && f.bucket) : undefined;
  const [newImage, setNewImage] = useState<ChosenImage>();
  const imageLimits = useBucketLimits(imageField?.bucket ?? "product-images");
  const { attach } = useAttachImage(def, imageField ?? def.fields[0], imageLimits);
  const { open: notify } = useNotification();
  const navigate = useNavigate();
  const { setWarnWhen } = useWarnAboutChange();
  // A generated resource's update carries the row as loaded: changed since, it is refused as stale.
  const loadedRow = useRef<BaseRecord | undefined>(undefined);
  // This form's save, however often it is sent (a restored draft brings its own). Read when a
  // save starts (getters: Refine copies the meta then), never from an older render.
  const writeKey = useRef<string>(undefined);
  writeKey.current ??= crypto.randomUUID();
  const generatedEdit = Boolean(def.table) && action === "edit";
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
      if (imageField && newImage) {
        const failed = await attach(data?.[idColumnOf(def)] as BaseKey, newImage.file, newImage.type);
        // The record exists either way: its page offers the image again.
        if (failed)
          notify?.({
            type: "error",
            message: t("files.imageNotAdded", { name: recordName(shown, data) }, "Created {{name}}, but not its image"),
            description: localizeMessage(failed, t),
          });
      }
      if (def.table || imageField) {
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
  // A save that got no answer waits for the server (SAVE_RETRY); the form holds still meanwhile.
  const waiting = mutation.isPending && (mutation.isPaused || mutation.failureCount > 0);
  const loadFailed = action === "edit" && query?.isError === true && !record;
  const loadedTitle = query?.data?.data?.[def.titleField];
  useTabTitle(
    action === "create"
      ? t("form.createTitle", { name }, "Create {{name}}")
      : loadedTitle !== undefined
        ? t("form.editTab", { title: loadedTitle }, "Edit {{title}}")
        : undefined,
    shown.label.plural.replace(/^./, (c) => c.toUpperCase()),
  );
  const stale = isStaleError(formError);
  const hasFieldErrors = Boolean(formError?.errors && Object.keys(formError.errors).length > 0);

  const reload = async () => {
    await conflict.reload();
    setFormError(undefined);
  };
  const saveNotice = waiting ? (
    <SaveWaiting />
  ) : stale ? (
    <StaleNotice onReload={reload} />
  ) : formError && !hasFieldErrors ? (
    <Alert type="error" showIcon message={localizeMessage(formError.message, t)} />
  ) : (
    draft.restoredFrom !== undefined &&
    !mutation.isPending && (
      <DraftRestored
        at={draft.restoredFrom}
        resent={draft.resent}
        onDiscard={draft.resent ? undefined : draft.discard}
      />
    )
  );
  const busy = Boolean(query?.isFetching) || (mutation.isPending && !waiting);
  const buttons = { ...saveButtonProps, disabled: busy || waiting || loadFailed };
  const footerButtons = ({ defaultButtons }: { defaultButtons: ReactNode }) => (
    <SaveBar notice={saveNotice}>{defaultButtons}</SaveBar>
  );

  const form = (
    <>
      {loadFailed && (
        // Outside the form, whose controls are off while its record is missing.
        <ScreenUnavailable message={query?.error?.message ?? ""} onRetry={() => void query?.refetch()} />
      )}
      <Form
        {...formProps}
        onValuesChange={(changed, all) => {
          formProps.onValuesChange?.(changed, all);
          draft.onValuesChange(changed);
        }}
        onFinish={(values) => {
          conflict.saveStarted(values);
          draft.sending(formProps.form?.getFieldsValue(true) ?? values);
          return formProps.onFinish?.(storedValues(def, values));
        }}
        disabled={waiting || loadFailed}
        layout="vertical"
        style={{ maxWidth: 720 }}
      >
        <ConflictNotice
          remote={stale ? undefined : conflict.remote}
          comparison={conflict.comparison}
          onReload={reload}
          onTakeMine={conflict.takeMine}
          onDismiss={conflict.dismissComparison}
        />
        <DefinitionNotices definition={def} />
        {children}
        {buildFormItems(shown, t, action).map(({ field, itemProps, input }) => (
          <Form.Item key={field.name} {...itemProps}>
            {input}
          </Form.Item>
        ))}
        {imageField && (
          <Form.Item label={shown.fields.find((f) => f.name === imageField.name)?.label ?? imageField.label}>
            <NewImagePicker field={imageField} value={newImage} onChange={setNewImage} />
          </Form.Item>
        )}
        {def.versioned && action === "edit" && (
          // The version this form loaded; the database rejects the update if it moved on.
          <Form.Item name="version" hidden>
            <Input />
          </Form.Item>
        )}
      </Form>
    </>
  );

  if (action === "edit" && query?.error?.statusCode === 404)
    return <RecordMissing definition={shown} message={query.error.message} />;

  return action === "create" ? (
    <Create
      title={t("form.createTitle", { name }, "Create {{name}}")}
      saveButtonProps={buttons}
      isLoading={busy}
      goBack={BACK_ICON}
      footerButtons={footerButtons}
    >
      {form}
    </Create>
  ) : (
    <Edit
      title={t("form.editTitle", { name }, "Edit {{name}}")}
      saveButtonProps={buttons}
      isLoading={busy}
      goBack={BACK_ICON}
      canDelete={false}
      footerButtons={footerButtons}
      headerButtons={({ defaultButtons }) => (
        <>
          <RecordPresence others={others} />
          {defaultButtons}
          <DeleteRecordButton definition={def} record={query?.data?.data} />
        </>
      )}
    >
      {form}
    </Edit>
  );
}
