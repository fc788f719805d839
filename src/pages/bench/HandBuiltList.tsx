// The baseline of `npm run bench:console` (bench/README.md): a resource's list written by hand
// as a Refine app would, `@refinedev/antd`'s useTable and an antd Table, nothing else. It reads
// through the console's own data provider with the generated list's request (the same select,
// page size, sort and count), so the bench's ratio is what the generated list's machinery costs.
// Only a build with VITE_BENCH_HAND_LIST=1 routes to it (App.tsx), at /~bench/<resource>.
import { useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Table } from "antd";
import { useMemo } from "react";
import { useParams } from "react-router";
import { idColumnOf, metaFor } from "../../lib/select";
import { findResource } from "../../resources";

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

export function HandBuiltList() {
  const name = useParams().resource ?? "";
  const def = findResource(name);
  if (!def) return <p>No resource {name}</p>;
  return <HandBuiltTable key={name} name={name} />;
}

function HandBuiltTable({ name }: { name: string }) {
  const def = findResource(name);
  if (!def) throw new Error(`No resource ${name}`);
  const meta = useMemo(() => metaFor(def), [def]);
  const { tableProps } = useTable<BaseRecord>({
    resource: def.name,
    meta,
    pagination: { pageSize: 25 },
    sorters: { initial: [def.list.defaultSort] },
    syncWithLocation: true,
  });
  const columns = useMemo(
    () =>
      def.list.columns.map((column) => ({
        key: column,
        dataIndex: column,
        title: def.fields.find((f) => f.name === column)?.label ?? column,
        sorter: true,
        render: text,
      })),
    [def],
  );
  return (
    <>
      <h1>{def.label.plural}</h1>
      <Table {...tableProps} rowKey={idColumnOf(def)} columns={columns} />
    </>
  );
}
