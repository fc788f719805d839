// Create and edit share this form: the database's rules before submit, its errors on the
// fields after, a reload offer on a stale version, and a warning before losing changes. What
// is typed is kept as a draft and a save that gets no answer is sent again until the server
// answers, never made twice (features/saving/, docs/everyday.md "Saving without a connection").
// This file only composes the parts, each in its own file of this folder: the save path
// (useResourceFormSave.ts), a create form's image (useNewImage.ts), the fields (FormBody.tsx),
// the notice beside Save (SaveNotice.tsx) and the Create/Edit frame (FormFrame.tsx).
import { useTranslate } from "@refinedev/core";
import type { ReactNode } from "react";
import { useTabTitle } from "../../components/useTabTitle";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import type { ResourceDefinition } from "../../resources/types";
import { RecordMissing } from "../show/RecordMissing";
import { FormBody } from "./FormBody";
import { FormFrame } from "./FormFrame";
import { saveNotice } from "./SaveNotice";
import { useNewImage } from "./useNewImage";
import { useResourceFormSave } from "./useResourceFormSave";

interface Props {
  definition: ResourceDefinition;
  action: "create" | "edit";
  /** Shown above the fields, inside the form (Form.useFormInstance reaches it). */
  children?: ReactNode;
}

const capitalized = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

export function ResourceForm({ definition: def, action, children }: Props) {
  const t = useTranslate();
  // Labels and rules in the operator's language for the fields; features get `def` itself.
  const shown = useLocalizedDefinition(def);
  const name = capitalized(shown.label.singular);
  const image = useNewImage(def, shown, action);
  const save = useResourceFormSave({ def, shown, action, image });
  const { query } = save;
  const loadedTitle = query?.data?.data?.[def.titleField];
  useTabTitle(
    action === "create"
      ? t("form.createTitle", { name }, "Create {{name}}")
      : loadedTitle !== undefined
        ? t("form.editTab", { title: loadedTitle }, "Edit {{title}}")
        : undefined,
    capitalized(shown.label.plural),
  );

  if (action === "edit" && query?.error?.statusCode === 404)
    return <RecordMissing definition={shown} message={query.error.message} />;

  return (
    <FormFrame
      def={def}
      action={action}
      title={
        action === "create"
          ? t("form.createTitle", { name }, "Create {{name}}")
          : t("form.editTitle", { name }, "Edit {{name}}")
      }
      save={save}
      notice={saveNotice(save, t)}
    >
      <FormBody def={def} shown={shown} action={action} save={save} image={image} t={t}>
        {children}
      </FormBody>
    </FormFrame>
  );
}
