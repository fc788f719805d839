// What `opsdesk.describe()` answers: the types are the database side's, in
// src/resources/describe.types.ts (the contract, docs/any-project.md); the generator reads them
// from here so that src/schema names one place.
export type {
  ColumnCategory,
  Described,
  DescribedColumn,
  DescribedElement,
  DescribedForeignKey,
  DescribedIndex,
  DescribedTable,
  Language,
  TableAction,
  TableKind,
  TableSettings,
} from "../resources/describe.types";
