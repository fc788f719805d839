// A page of audit entries as a table (a record's History tab, /audit), its diffs naming
// referenced records by label: the labels are resolved once for the whole page.
import type { BaseRecord } from "@refinedev/core";
import { Table, type TableProps } from "antd";
import { ReferenceLabels } from "./ReferenceLabels";

export function AuditTable(props: TableProps<BaseRecord>) {
  return (
    <ReferenceLabels entries={props.dataSource ?? []}>
      <Table rowKey="id" size="small" {...props} />
    </ReferenceLabels>
  );
}
