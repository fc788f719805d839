// @vitest-environment jsdom
// A list's table renders again only when what it shows changes (not for a read starting or
// ending), always calls the list's latest change handler, and scrolls sideways by CSS rather
// than by antd's measuring.
import type { BaseRecord } from "@refinedev/core";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TableProps } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListTable, STICKY_END, sameTableProps } from "./ListTable";

afterEach(cleanup);

const rows = [{ id: 1, name: "Kettle" }];
const columns = [{ key: "name", dataIndex: "name", title: "Name", sorter: true }];
/** What Refine and the list hand the table on each render: new objects, arrays and functions. */
const props = (over: Partial<TableProps<BaseRecord>> = {}): TableProps<BaseRecord> => ({
  dataSource: rows,
  columns,
  loading: false,
  onChange: () => {},
  pagination: { current: 2, pageSize: 25, total: 80, position: ["bottomRight"], itemRender: (_p, _t, el) => el },
  ...over,
});

describe("sameTableProps", () => {
  it("takes a list's re-render with the same page for the same table", () => {
    expect(sameTableProps(props(), props())).toBe(true);
  });

  it("sees a new page, total, position, rows or columns", () => {
    const base = props();
    expect(sameTableProps(base, props({ pagination: { ...base.pagination, current: 3 } }))).toBe(false);
    expect(sameTableProps(base, props({ pagination: { ...base.pagination, total: 81 } }))).toBe(false);
    expect(sameTableProps(base, props({ pagination: { ...base.pagination, position: ["bottomCenter"] } }))).toBe(false);
    expect(sameTableProps(base, props({ dataSource: [...rows] }))).toBe(false);
    expect(sameTableProps(base, props({ columns: [...columns] }))).toBe(false);
    expect(sameTableProps(base, props({ pagination: false }))).toBe(false);
  });
});

describe("ListTable", () => {
  it("calls the change handler of the list's latest render", () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(<ListTable rowKey="id" {...props({ onChange: first, pagination: false })} />);
    rerender(<ListTable rowKey="id" {...props({ onChange: latest, pagination: false })} />);
    fireEvent.click(screen.getByText("Name"));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledOnce();
    expect(latest.mock.calls[0][2]).toMatchObject({ field: "name", order: "ascend" });
  });

  it("leaves antd's measured sideways scrolling off, even when Refine asks for it", () => {
    const { container } = render(
      <ListTable
        rowKey="id"
        {...props({ pagination: false, scroll: { x: true } })}
        columns={[...columns, { key: "actions", title: "Actions", className: STICKY_END }]}
      />,
    );
    // antd's scroll.x sets the table's width and the body's overflow inline and renders a
    // measuring row; ListTable.css does the scrolling instead.
    expect(container.querySelector(".list-table .ant-table-content")?.getAttribute("style")).toBeNull();
    expect(container.querySelector("table")?.getAttribute("style")).toBe("table-layout: auto;");
    expect(container.querySelector(".ant-table-measure-row")).toBeNull();
    expect(container.querySelectorAll(`th.${STICKY_END}, td.${STICKY_END}`)).toHaveLength(2);
  });

  it("shows a read in progress around its rows without rendering them again", async () => {
    const renderCell = vi.fn((value: string) => value);
    const counted = [{ ...columns[0], render: renderCell }];
    const { rerender, container } = render(<ListTable rowKey="id" {...props({ columns: counted })} />);
    const rendered = renderCell.mock.calls.length;
    rerender(<ListTable rowKey="id" {...props({ columns: counted, loading: true })} />);
    await waitFor(() => expect(container.querySelector(".ant-spin-spinning")).not.toBeNull());
    expect(screen.getByText("Kettle")).toBeTruthy();
    rerender(<ListTable rowKey="id" {...props({ columns: counted, loading: false })} />);
    await waitFor(() => expect(container.querySelector(".ant-spin-spinning")).toBeNull());
    expect(renderCell).toHaveBeenCalledTimes(rendered);
  });

  it("while its first rows load shows the spinner alone, and then what it found", async () => {
    const locale = { emptyText: "No products found." };
    const { rerender, container } = render(
      <ListTable rowKey="id" {...props({ dataSource: undefined, loading: true, locale })} />,
    );
    await waitFor(() => expect(container.querySelector(".ant-spin-spinning")).not.toBeNull());
    expect(screen.queryByText("No products found.")).toBeNull();
    rerender(<ListTable rowKey="id" {...props({ dataSource: [], loading: false, locale })} />);
    expect(screen.getByText("No products found.")).toBeTruthy();
  });

  it("keeps the header and page it shows its rows with while a read replaces them, then shows the new ones together", async () => {
    const renderCell = vi.fn((value: string) => value);
    const counted = (sortOrder: "ascend" | "descend") => [{ ...columns[0], render: renderCell, sortOrder }];
    const base = props();
    const { rerender, container } = render(<ListTable rowKey="id" {...props({ columns: counted("ascend") })} />);
    const sortedBy = () => container.querySelector("th")?.getAttribute("aria-sort");
    expect(sortedBy()).toBe("ascending");
    const rendered = renderCell.mock.calls.length;

    // The operator sorts the other way and turns the page: the read starts, the old rows stay.
    const next = { ...base.pagination, current: 3 };
    rerender(<ListTable rowKey="id" {...props({ columns: counted("descend"), pagination: next, loading: true })} />);
    await waitFor(() => expect(container.querySelector(".ant-spin-spinning")).not.toBeNull());
    expect(renderCell).toHaveBeenCalledTimes(rendered);
    expect(sortedBy()).toBe("ascending");
    expect(container.querySelector(".ant-pagination-item-active")?.textContent).toBe("2");

    // The new rows: header, page and rows in one go.
    const found = [{ id: 2, name: "Oak kettle" }];
    rerender(
      <ListTable
        rowKey="id"
        {...props({ dataSource: found, columns: counted("descend"), pagination: next, loading: false })}
      />,
    );
    expect(screen.getByText("Oak kettle")).toBeTruthy();
    expect(sortedBy()).toBe("descending");
    expect(container.querySelector(".ant-pagination-item-active")?.textContent).toBe("3");
  });

  it("shows a new header at once when no read is under way (a width, a language)", () => {
    const { rerender, container } = render(<ListTable rowKey="id" {...props()} />);
    rerender(<ListTable rowKey="id" {...props({ columns: [{ ...columns[0], title: "Bezeichnung" }] })} />);
    expect(container.querySelector("th")?.textContent).toBe("Bezeichnung");
    // During a read in the background (a live refresh) it waits for the read's end.
    const renamed = [{ ...columns[0], title: "Name (neu)" }];
    rerender(<ListTable rowKey="id" {...props({ loading: true, columns: renamed })} />);
    expect(container.querySelector("th")?.textContent).toBe("Bezeichnung");
    rerender(<ListTable rowKey="id" {...props({ loading: false, columns: renamed })} />);
    expect(container.querySelector("th")?.textContent).toBe("Name (neu)");
  });
});
