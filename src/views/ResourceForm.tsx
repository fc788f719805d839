// Create and edit share this form: the database's rules before submit, its errors on the
// fields after, a reload offer on a stale version, and a warning before losing changes.
import { Create, Edit, useForm } from "@refinedev/antd";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { MESSAGES } from "../providers/messages";
import type { ResourceDefinition } from "../resources/types";
import { buildFormItems } from "./formItems";
import { metaFor } from "./select";

interface Props {
  definition: ResourceDefinition;
  action: "create" | "edit";
}

export function ResourceForm({ definition: def, action }: Props) {
  const [formError, setFormError] = useState<HttpError>();
  const { formProps, saveButtonProps, query, formLoading } = useForm<BaseRecord, HttpError>({
    resource: def.name,
    action,
    meta: metaFor(def),
    redirect: "show",
    mutationMode: "pessimistic",
    warnWhenUnsavedChanges: true,
    // Field errors show on the fields and the rest in the form; no extra toast.
    errorNotification: false,
    onMutationError: (error) => setFormError(error),
    onMutationSuccess: () => setFormError(undefined),
  });
  const stale = formError?.statusCode === 409 && formError.message === MESSAGES.stale;
  const hasFieldErrors = Boolean(formError?.errors && Object.keys(formError.errors).length > 0);

  const reload = async () => {
    await query?.refetch();
    setFormError(undefined);
  };

  const form = (
    <Form {...formProps} layout="vertical" style={{ maxWidth: 720 }}>
      {stale && (
        <Alert
          type="warning"
          showIcon
          message={MESSAGES.stale}
          action={<Button onClick={reload}>Reload</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      {formError && !stale && !hasFieldErrors && (
        <Alert type="error" showIcon message={formError.message} style={{ marginBottom: 16 }} />
      )}
      {buildFormItems(def).map(({ field, itemProps, input }) => (
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
    <Create saveButtonProps={saveButtonProps} isLoading={formLoading}>
      {form}
    </Create>
  ) : (
    <Edit saveButtonProps={saveButtonProps} isLoading={formLoading} canDelete>
      {form}
    </Edit>
  );
}
