// Rows of another resource that point at this record (e.g. a category's products).
import { useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Card, Table } from "antd";
import { Link } from "react-router";
import { showPath } from "../../components/paths";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { idColumnOf, metaFor } from "../../lib/select";
import type { RelatedList as RelatedListDefinition, ResourceDefinition } from "../../resources/types";
import { buildColumns } from "../list/columns";

interface Props {
  related: RelatedListDefinition;
  definition: ResourceDefinition;
  parentId: string | number;
}

export function RelatedList({ related, definition: def, parentId }: Props) {
  const { tableProps } = useTable<BaseRecord>({
    resource: def.name,
    meta: metaFor(def),
    pagination: { pageSize: 10 },
    sorters: { initial: [def.list.defaultSort] },
    filters: { permanent: [{ field: related.foreignKey, operator: "eq", value: parentId }] },
    syncWithLocation: false,
  });
  const idColumn = idColumnOf(def);
  const shown = useLocalizedDefinition(def);
  // Columns the related resource still has (a schema change or hidden field drops one).
  const names = related.columns.filter((name) => shown.fields.some((f) => f.name === name));
  const [first, ...rest] = buildColumns(shown, { sorters: [], filters: [], interactive: false }, names);
  const linked = first && {
    ...first,
    render: (value: unknown, record: BaseRecord, index: number) =>
      // A reference links to its own record already (a join table's other end): no link around a link.
      def.screens?.show === false || shown.fields.find((f) => f.name === names[0])?.type === "reference" ? (
        (first.render?.(value, record, index) as never)
      ) : (
        <Link to={showPath(def, record[idColumn])}>{first.render?.(value, record, index) as never}</Link>
      ),
  };
  return (
    <Card title={related.title} size="small">
      <Table {...tableProps} rowKey={idColumn} size="small" columns={linked ? [linked, ...rest] : []} />
    </Card>
  );
}
