// A list's antd Table, rendered again only when what it shows changes, scrolling sideways
// inside itself when its columns are wider than the screen (ListTable.css). antd re-renders every
// cell whenever the Table renders (its columns are rebuilt each time), and Refine hands the
// table a new pagination object and change handler on every render of the list: when a page
// change reached the URL, the list rendered its 25 rows a second time (~2 100 components, a
// third of the page change's main-thread time on a 2-core machine).
import type { BaseRecord } from "@refinedev/core";
import { Spin, Table, type TableProps } from "antd";
import { memo, useLayoutEffect, useMemo, useRef } from "react";
import { useStableCallback } from "../../components/useStableCallback";
import "../../components/tables.css";

type Props = TableProps<BaseRecord>;

/** The class of a column that stays in view at the right edge while the table scrolls (the row actions). */
export const STICKY_END = "list-sticky-end";

/** One level deep: the same keys with the same values (arrays by their items); functions count as the same. */
function sameValues(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => sameValue(left[key], right[key]));
}

const sameValue = (a: unknown, b: unknown) =>
  Object.is(a, b) ||
  (typeof a === "function" && typeof b === "function") ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => Object.is(item, b[i])));

/**
 * Pagination is compared by its values: its item links and total text are made from the same
 * page, size, total and list state that come with a new `dataSource` or `columns`. The change
 * handler is not compared: the table always calls the latest one (below).
 */
export function sameTableProps(prev: Props, next: Props): boolean {
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]) as Set<keyof Props>;
  for (const key of keys) {
    if (key === "onChange" || Object.is(prev[key], next[key])) continue;
    if (key === "pagination" && sameValues(prev.pagination, next.pagination)) continue;
    return false;
  }
  return true;
}

const StableTable = memo((props: Props) => <Table<BaseRecord> {...props} />, sameTableProps);

/**
 * While a read replaces the rows on screen (a new filter, sort or page whose rows are not in the
 * cache yet), the table keeps the header and pagination it shows them with: antd would render
 * every old row once more for the new header, on the way to the read (~100 ms on a 2-core
 * machine), and the new header and rows would then come in the next commit anyway. The
 * spinner shows the change is under way; anything else (a ticked row, a new width while a
 * read runs in the background) renders at once.
 */
function useHeldWhileReplacing(props: Props, replacing: boolean) {
  const shown = useRef({ dataSource: props.dataSource, columns: props.columns, pagination: props.pagination });
  const holding = replacing && props.dataSource !== undefined && props.dataSource === shown.current.dataSource;
  const columns = holding ? shown.current.columns : props.columns;
  const pagination = holding ? shown.current.pagination : props.pagination;
  // What was committed, not what a discarded render computed.
  useLayoutEffect(() => {
    shown.current = { dataSource: props.dataSource, columns, pagination };
  });
  return { columns, pagination };
}

/**
 * `scroll` is left out: Refine's useTable hands every table `scroll: { x: true }`, which makes
 * antd measure and re-render the whole table after each render; the list scrolls by CSS.
 * The loading state is shown around the table rather than by it: given `loading`, antd renders
 * every row again when a read starts (the rows it still shows) and again when it ends.
 */
export function ListTable({ onChange, scroll: _antdScroll, loading, locale, ...props }: Props) {
  const handleChange = useStableCallback<Parameters<NonNullable<Props["onChange"]>>, void>((...args) =>
    onChange?.(...args),
  );
  const spin = typeof loading === "object" ? loading : { spinning: loading === true };
  const { columns, pagination } = useHeldWhileReplacing(props, spin.spinning === true);
  // As antd does: while the first rows load, the spinner alone, without "nothing found".
  const firstLoad = spin.spinning === true && props.dataSource === undefined;
  const shownLocale = useMemo(() => (firstLoad ? { ...locale, emptyText: null } : locale), [firstLoad, locale]);
  return (
    <Spin {...spin} wrapperClassName="list-table-spin">
      <StableTable
        {...props}
        columns={columns}
        pagination={pagination}
        locale={shownLocale}
        className="list-table"
        onChange={handleChange}
      />
    </Spin>
  );
}
