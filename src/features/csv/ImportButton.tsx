// "Import CSV" on the list of a resource whose definition opts in, for operators who may import it.
import { UploadOutlined } from "@ant-design/icons";
import { useCan, useTranslate } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { ChunkBoundary } from "../../components/errors/ChunkBoundary";
import { lazyChunk } from "../../components/errors/lazyChunk";
import type { ResourceDefinition } from "../../resources/types";

// The dialog (papaparse, validator) loads when first opened.
const ImportDialog = lazyChunk(() => import("./ImportDialog").then((m) => m.ImportDialog));

export function ImportButton({ definition: def }: { definition: ResourceDefinition }) {
  const t = useTranslate();
  const can = useCan({ resource: def.name, action: "import" }).data?.can ?? false;
  const [open, setOpen] = useState(false);
  if (!def.csvImport) return null;
  // An open dialog stays while access is asked again (another operator changed the role's
  // permissions): hidden with the button, it came back empty after an import had finished.
  // Should the right be gone for good, the database refuses the import and the dialog says so.
  return (
    <>
      {can && (
        <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
          {t("csv.import", "Import CSV")}
        </Button>
      )}
      {open && (
        <ChunkBoundary loading={null}>
          <ImportDialog definition={def} onClose={() => setOpen(false)} />
        </ChunkBoundary>
      )}
    </>
  );
}
