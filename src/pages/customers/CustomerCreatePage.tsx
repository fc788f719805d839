// The customer create form: the generated form, with possible duplicates offered
// above the fields once a name and an e-mail are typed.

import { ResourceForm } from "../../features/form/ResourceForm";
import { PossibleDuplicates } from "../../features/similar/PossibleDuplicates";
import type { ResourceDefinition } from "../../resources/types";

export function CustomerCreatePage({ definition }: { definition: ResourceDefinition }) {
  return (
    <ResourceForm definition={definition} action="create">
      <PossibleDuplicates />
    </ResourceForm>
  );
}
