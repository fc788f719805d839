// The frame around a form: Refine's Create or Edit page with its title, the back arrow, Save
// (off while busy, waiting or without its record) with the save's notice beside it (SaveBar),
// and on an edit page who else is editing and Delete (behind Undo, features/undo).
import { Create, Edit } from "@refinedev/antd";
import type { ButtonProps } from "antd";
import type { ReactNode } from "react";
import { BACK_ICON } from "../../components/backIcon";
import type { ResourceDefinition } from "../../resources/types";
import { RecordPresence } from "../live/RecordPresence";
import { DeleteRecordButton } from "../undo/DeleteRecordButton";
import { SaveBar } from "./SaveBar";
import type { FormSave } from "./useResourceFormSave";

interface Props {
  def: ResourceDefinition;
  action: "create" | "edit";
  title: string;
  save: FormSave;
  /** What the save's outcome says beside Save (SaveNotice.tsx); nothing to say: null. */
  notice: ReactNode;
  children: ReactNode;
}

export function FormFrame({ def, action, title, save, notice, children }: Props) {
  const { state } = save;
  const saveButtonProps: ButtonProps = {
    ...save.saveButtonProps,
    disabled: state.busy || state.waiting || state.loadFailed,
  };
  const footerButtons = ({ defaultButtons }: { defaultButtons: ReactNode }) => (
    <SaveBar notice={notice}>{defaultButtons}</SaveBar>
  );
  // What both frames show alike.
  const frame = { title, saveButtonProps, isLoading: state.busy, goBack: BACK_ICON, footerButtons };
  return action === "create" ? (
    <Create {...frame}>{children}</Create>
  ) : (
    <Edit
      {...frame}
      canDelete={false}
      headerButtons={({ defaultButtons }) => (
        <>
          <RecordPresence others={save.others} />
          {defaultButtons}
          <DeleteRecordButton definition={def} record={save.record} />
        </>
      )}
    >
      {children}
    </Edit>
  );
}
