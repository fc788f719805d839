// A page of audit entries as a table (a record's History tab, /audit), its diffs naming
// referenced records by label: the labels are resolved once for the whole page. It fits the
// screen as the lists do (ListTable.css): its texts wrap rather than push the Changes column
// past the edge (at 1 280 px it was cut off), and only a phone scrolls it sideways.
import type { BaseRecord } from "@refinedev/core";
import { Table, type TableProps } from "antd";
import { ReferenceLabels } from "./ReferenceLabels";
import "../../components/tables.css";

export function AuditTable(props: TableProps<BaseRecord>) {
  return (
    <ReferenceLabels entries={props.dataSource ?? []}>
      <Table rowKey="id" size="small" className="list-table" {...props} />
    </ReferenceLabels>
  );
}
