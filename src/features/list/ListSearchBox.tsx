// The search box of a list screen built by hand (audit log, staff): its words become the
// list's search filter, which the data provider sends to the resource's search function;
// new words start on page 1. (The generated lists use Refine's search form the same way.)
import type { CrudFilter } from "@refinedev/core";
import { Input } from "antd";
import { SEARCH_FIELD, searchText } from "../../providers/dataProvider";

interface Props {
  /** "Search audit log": the box's label and placeholder. */
  label: string;
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior: "merge") => void;
  setCurrentPage: (page: number) => void;
}

export function ListSearchBox({ label, filters, setFilters, setCurrentPage }: Props) {
  return (
    <Input.Search
      data-list-search
      aria-label={label}
      placeholder={label}
      allowClear
      enterButton
      defaultValue={searchText(filters)}
      onSearch={(words) => {
        setFilters([{ field: SEARCH_FIELD, operator: "contains", value: words.trim() || undefined }], "merge");
        setCurrentPage(1);
      }}
      style={{ maxWidth: 420 }}
    />
  );
}
