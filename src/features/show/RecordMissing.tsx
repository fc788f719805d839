// A record's page (show, edit) whose record is not there: the 404 page with the record's own
// sentence ("This product does not exist or you can't see it.") and the way back to its list.
import { useTranslate } from "@refinedev/core";
import { RecordNotFoundPage } from "../../components/errors/ErrorPages";
import { listPath } from "../../components/paths";
import { localizeMessage } from "../../i18n/messages";
import type { ResourceDefinition } from "../../resources/types";

/** `definition` as shown (its labels in the operator's language). */
export function RecordMissing({ definition, message }: { definition: ResourceDefinition; message: string }) {
  const t = useTranslate();
  const plural = definition.label.plural;
  return (
    <RecordNotFoundPage
      message={localizeMessage(message, t)}
      // German says it per resource (the list's noun in the dative): i18next context.
      back={{
        to: listPath(definition),
        label: t("errors.backToList", { plural, context: definition.name }, "Back to {{plural}}"),
      }}
    />
  );
}
