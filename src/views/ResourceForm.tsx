// Create and edit share this form: the database's rules before submit, its errors on the
// fields after, a reload offer on a stale version, and a warning before losing changes.
import { Create, Edit, useForm } from "@refinedev/antd";
import { type BaseRecord, type HttpError, type LiveEvent, useParsed, useTranslate } from "@refinedev/core";
import { Alert, Form, Input } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTabTitle } from "../components/useTabTitle";
import { localizeMessage, MESSAGES } from "../i18n/messages";
import { useLocalizedDefinition } from "../i18n/useLocalizedDefinition";
import { idColumnOf, metaFor } from "../lib/select";
import type { ResourceDefinition } from "../resources/types";
import { BACK_ICON } from "./backIcon";
import { DefinitionNotices } from "./DefinitionNotices";
import { showFieldErrors } from "./formErrors";
import { buildFormItems } from "./formItems";
import { ConflictNotice, StaleNotice } from "./live/ConflictNotice";
import { RecordPresence } from "./live/RecordPresence";
import { useEditConflict } from "./live/useEditConflict";
import { useRecordPresence } from "./live/useRecordPresence";
import { listPath, showPath } from "./paths";
import { recordName } from "./recordName";
import { SaveBar } from "./SaveBar";
import { DeleteRecordButton } from "./undo/DeleteRecordButton";

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
  const navigate = useNavigate();
  // A generated resource's update carries the row as loaded: changed since, it is refused as stale.
  const loadedRow = useRef<BaseRecord | undefined>(undefined);
  const meta = metaFor(def);
  const { formProps, saveButtonProps, query, formLoading, id } = useForm<BaseRecord, HttpError>({
    resource: def.name,
    action,
    id: action === "edit" ? routeId : undefined,
    meta,
    // Read when the save is sent (a getter): the row as the form loaded it by then.
    mutationMeta:
      def.table && action === "edit"
        ? {
            ...meta,
            get loaded() {
              return loadedRow.current;
            },
          }
        : meta,
    // Refine redirects by the saved row's `id`; a generated resource's key may be any column
    // (a slug, a composite key), so it goes to the record's page itself (onMutationSuccess).
    redirect: def.table ? false : "show",
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
    },
    onMutationSuccess: ({ data }) => {
      setFormError(undefined);
      conflict.saveFinished(data);
      if (def.table) {
        const key = data?.[idColumnOf(def)];
        navigate(def.screens?.show !== false && key !== undefined ? showPath(def, key as string) : listPath(def));
      }
    },
    // An edit form is told about changes instead of reloading under the operator's hands.
    liveMode: action === "edit" ? "manual" : "off",
    // A refused save must not reload the record under the operator's values (the conflict
    // notice offers that); lists still refresh, and the show page loads afresh.
    invalidates: ["list", "many"],
    onLiveEvent: (event) => onLiveEvent.current?.(event),
  });
  const others = useRecordPresence(def.name, action === "edit" ? id : undefined, "editing");
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
  const loadedTitle = query?.data?.data?.[def.titleField];
  useTabTitle(
    action === "create"
      ? t("form.createTitle", { name }, "Create {{name}}")
      : loadedTitle !== undefined
        ? t("form.editTab", { title: loadedTitle }, "Edit {{title}}")
        : undefined,
    shown.label.plural.replace(/^./, (c) => c.toUpperCase()),
  );
  const stale = formError?.statusCode === 409 && formError.message === MESSAGES.stale;
  const hasFieldErrors = Boolean(formError?.errors && Object.keys(formError.errors).length > 0);

  const reload = async () => {
    await conflict.reload();
    setFormError(undefined);
  };
  const saveNotice = stale ? (
    <StaleNotice onReload={reload} />
  ) : (
    formError && !hasFieldErrors && <Alert type="error" showIcon message={localizeMessage(formError.message, t)} />
  );
  const footerButtons = ({ defaultButtons }: { defaultButtons: ReactNode }) => (
    <SaveBar notice={saveNotice}>{defaultButtons}</SaveBar>
  );

  const form = (
    <Form
      {...formProps}
      onFinish={(values) => {
        conflict.saveStarted(values);
        return formProps.onFinish?.(storedValues(def, values));
      }}
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
      {def.versioned && action === "edit" && (
        // The version this form loaded; the database rejects the update if it moved on.
        <Form.Item name="version" hidden>
          <Input />
        </Form.Item>
      )}
    </Form>
  );

  return action === "create" ? (
    <Create
      title={t("form.createTitle", { name }, "Create {{name}}")}
      saveButtonProps={saveButtonProps}
      isLoading={formLoading}
      goBack={BACK_ICON}
      footerButtons={footerButtons}
    >
      {form}
    </Create>
  ) : (
    <Edit
      title={t("form.editTitle", { name }, "Edit {{name}}")}
      saveButtonProps={saveButtonProps}
      isLoading={formLoading}
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
