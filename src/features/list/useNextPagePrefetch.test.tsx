// @vitest-environment jsdom
// The page after the shown one is fetched once the shown one has arrived, under the key the
// list itself asks when it moves there: "next" then shows its rows without waiting.
import { type BaseRecord, type DataProvider, type GetListParams, Refine, useTable } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useNextPagePrefetch } from "./useNextPagePrefetch";

afterEach(cleanup);

const TOTAL = 60;
const PAGE_SIZE = 25;
const META = { select: "id,name", count: "estimated" };

/** A data provider of TOTAL products that notes the pages asked for. */
function products(asked: number[]): DataProvider {
  return {
    getApiUrl: () => "",
    getList: async ({ pagination }: GetListParams) => {
      const page = pagination?.currentPage ?? 1;
      asked.push(page);
      const first = (page - 1) * PAGE_SIZE;
      const ids = Array.from({ length: Math.min(PAGE_SIZE, TOTAL - first) }, (_, i) => first + i + 1);
      return { data: ids.map((id) => ({ id, name: `Product ${id}` })) as never[], total: TOTAL };
    },
  } as unknown as DataProvider;
}

let goTo: (page: number) => void = () => {};

function List() {
  const { tableQuery, filters, sorters, currentPage, pageSize, setCurrentPage } = useTable<BaseRecord>({
    resource: "products",
    meta: META,
    pagination: { pageSize: PAGE_SIZE },
    sorters: { initial: [{ field: "name", order: "asc" }] },
    filters: { initial: [{ field: "name", operator: "contains", value: "Product" }] },
  });
  goTo = setCurrentPage;
  const settled = tableQuery.isSuccess && !tableQuery.isFetching && !tableQuery.isPlaceholderData;
  useNextPagePrefetch({
    resource: "products",
    meta: META,
    filters,
    sorters,
    currentPage,
    pageSize,
    total: tableQuery.data?.total,
    settled,
  });
  const rows = tableQuery.isPlaceholderData ? [] : (tableQuery.data?.data ?? []);
  return <output>{rows.map((row) => row.id).join(",")}</output>;
}

function renderList(asked: number[]) {
  render(
    <MemoryRouter>
      <Refine
        dataProvider={products(asked)}
        routerProvider={routerProvider}
        resources={[{ name: "products" }]}
        options={{ disableTelemetry: true }}
      >
        <List />
      </Refine>
    </MemoryRouter>,
  );
}

const shownIds = () => screen.getByRole("status").textContent ?? "";

describe("useNextPagePrefetch", () => {
  it("fetches the next page once the shown one has arrived, and the list shows it at once when it moves there", async () => {
    const asked: number[] = [];
    renderList(asked);
    await waitFor(() => expect(asked).toEqual([1, 2]));
    expect(shownIds().split(",")[0]).toBe("1");

    act(() => goTo(2));
    // The very render that moves to page 2 shows its rows: no placeholder, no waiting.
    expect(shownIds().split(",")[0]).toBe("26");
    await waitFor(() => expect(asked.filter((page) => page === 3)).toHaveLength(1));
  });

  it("asks for nothing past the last page", async () => {
    const asked: number[] = [];
    renderList(asked);
    await waitFor(() => expect(asked).toEqual([1, 2]));
    act(() => goTo(3));
    await waitFor(() => expect(shownIds().split(",")[0]).toBe("51"));
    // The render that showed page 3 decided on the prefetch; its effects and requests are flushed here.
    await act(async () => {});
    expect(asked).toEqual([1, 2, 3]);
  });
});
