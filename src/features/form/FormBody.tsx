// The form itself, inside its Create or Edit frame: the conflict notice, the definition's
// notices, what a screen puts above the fields, one input per editable field (formItems.tsx,
// with the fields' rules from features/fields/rules.ts), a create form's image and an edit's
// hidden version. Wired to the save path of useResourceFormSave.ts.
import { Form, Input } from "antd";
import type { ReactNode } from "react";
import { ScreenUnavailable } from "../../components/connection/ScreenWaiting";
import { DefinitionNotices } from "../../components/DefinitionNotices";
import type { Translate } from "../../i18n/messages";
import type { ResourceDefinition } from "../../resources/types";
import { NewImagePicker } from "../files/NewImagePicker";
import { ConflictNotice } from "../live/ConflictNotice";
import { buildFormItems } from "./formItems";
import type { NewImage } from "./useNewImage";
import type { FormSave } from "./useResourceFormSave";

interface Props {
  def: ResourceDefinition;
  shown: ResourceDefinition;
  action: "create" | "edit";
  save: FormSave;
  image: NewImage;
  t: Translate;
  children?: ReactNode;
}

export function FormBody({ def, shown, action, save, image, t, children }: Props) {
  const { formProps, conflict, query, state } = save;
  return (
    <>
      {state.loadFailed && (
        // Outside the form, whose controls are off while its record is missing.
        <ScreenUnavailable message={query?.error?.message ?? ""} onRetry={() => void query?.refetch()} />
      )}
      <Form
        {...formProps}
        onValuesChange={save.onValuesChange}
        onFinish={save.submit}
        disabled={state.waiting || state.loadFailed}
        layout="vertical"
        style={{ maxWidth: 720 }}
      >
        <ConflictNotice
          remote={state.stale ? undefined : conflict.remote}
          comparison={conflict.comparison}
          onReload={save.reload}
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
        {image.field && (
          <Form.Item label={shown.fields.find((f) => f.name === image.field?.name)?.label ?? image.field.label}>
            <NewImagePicker field={image.field} value={image.chosen} onChange={image.choose} />
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
}
