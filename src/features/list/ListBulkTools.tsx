// A list's bulk tools above its rows (features/bulk): the bar acting on the selected rows and,
// when the resource has any bulk action, the offer to select every row matching the filters.
import type { BaseRecord } from "@refinedev/core";
import type { ResourceDefinition } from "../../resources/types";
import { BulkBar } from "../bulk/BulkBar";
import { SelectAllMatching } from "../bulk/SelectAllMatching";
import type { ListSelection } from "./useListSelection";
import type { ListState } from "./useResourceListData";

interface Props {
  def: ResourceDefinition;
  selection: ListSelection;
  table: ListState;
  pageRows: readonly BaseRecord[] | undefined;
  /** The matching rows as the list counts them (without those whose delete waits). */
  total: number | undefined;
}

export function ListBulkTools({ def, selection, table, pageRows, total }: Props) {
  const { filters, sorters } = table;
  return (
    <>
      <BulkBar definition={def} selection={selection.bulk} list={{ filters, sorters }} />
      {selection.anyBulkAction && (
        <SelectAllMatching
          definition={def}
          selection={selection.bulk}
          pageRows={pageRows}
          total={total}
          filters={filters}
        />
      )}
    </>
  );
}
