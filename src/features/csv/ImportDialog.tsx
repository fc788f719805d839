// The import, step by step in one dialog: file → columns → check → report or commit. This file
// is the dialog's frame; the steps run in useCsvImport.ts (parse: parseFile.ts, map:
// mapping.ts, validate: validate.ts and importApi.ts's dry run, commit: importApi.ts), each
// step's view is ImportStepView.tsx, its buttons importFooter.tsx, its wording importMessages.ts.
import { useTranslate } from "@refinedev/core";
import { Modal } from "antd";
import { resourceKey } from "../../i18n/resourceKeys";
import type { ResourceDefinition } from "../../resources/types";
import { ImportStepView } from "./ImportStepView";
import { importFooter } from "./importFooter";
import { mappingIsUsable, mappingProblems } from "./mapping";
import { useCsvImport } from "./useCsvImport";

export function ImportDialog({ definition: def, onClose }: { definition: ResourceDefinition; onClose: () => void }) {
  const t = useTranslate();
  const csv = useCsvImport(def);
  const plural = t(resourceKey.plural(def.name), def.label.plural);
  const nouns = { singular: t(resourceKey.singular(def.name), def.label.singular), plural };
  const usable = mappingIsUsable(mappingProblems(csv.mapping, csv.fields));

  return (
    <Modal
      open
      width={900}
      title={t("csv.importTitle", { resource: plural }, "Import {{resource}} from CSV")}
      onCancel={csv.step === "committing" ? undefined : onClose}
      maskClosable={false}
      footer={importFooter({ csv, usable, nouns, onClose, t })}
    >
      <ImportStepView csv={csv} nouns={nouns} />
    </Modal>
  );
}
