// The customer create form: the generated form, with possible duplicates offered
// above the fields once a name and an e-mail are typed.
import type { ResourceDefinition } from "../../resources/types";
import { ResourceForm } from "../../views/ResourceForm";
import { PossibleDuplicates } from "../../views/similar/PossibleDuplicates";

export function CustomerCreatePage({ definition }: { definition: ResourceDefinition }) {
  return (
    <ResourceForm definition={definition} action="create">
      <PossibleDuplicates />
    </ResourceForm>
  );
}
