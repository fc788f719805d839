// @vitest-environment jsdom
// The generated audit log's Record column names each record by its table's title field, linked
// to its page with the key on hover, reading a page's titles in one request per table; a table the
// operator may not show, or a record since deleted, shows the key without a link. Before the
// fix the column showed every record's key.
import { type AccessControlProvider, type BaseRecord, type DataProvider, Refine } from "@refinedev/core";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleLinkProvider } from "../../components/ConsoleLink";
import { getResource } from "../../resources";
import { AuditRecordTitles } from "../history/AuditRecord";
import { testEntry } from "../history/testEntry";
import { renderCell } from "./columns";

const entries = [
  testEntry({ id: 1, schema_name: "public", table_name: "customers", record_id: "c-1", action: "UPDATE" }),
  testEntry({ id: 2, schema_name: "public", table_name: "customers", record_id: "c-2", action: "DELETE" }),
  testEntry({ id: 3, schema_name: "public", table_name: "customers", record_id: "c-1", action: "INSERT" }),
  testEntry({ id: 4, schema_name: "public", table_name: "products", record_id: "7", action: "UPDATE" }),
];

function renderRecords() {
  const getList = vi.fn(async ({ resource }: { resource: string }) => ({
    // c-2 was deleted since: the read finds only c-1.
    data: (resource === "customers" ? [{ id: "c-1", full_name: "Ada Lovelace" }] : [{ id: 7, name: "Lamp" }]) as never,
    total: 1,
  }));
  const dataProvider = { getList, getApiUrl: () => "" } as unknown as DataProvider;
  // The operator may show customers, not products.
  const accessControlProvider: AccessControlProvider = {
    can: async ({ resource }) => ({ can: resource === "customers" }),
  };
  const field = getResource("opsdesk.audit_log").fields.find((f) => f.name === "record_id");
  if (!field) throw new Error("the audit log has a record_id");
  render(
    <MemoryRouter>
      <Refine
        dataProvider={dataProvider}
        accessControlProvider={accessControlProvider}
        options={{ disableTelemetry: true }}
      >
        <ConsoleLinkProvider>
          <AuditRecordTitles entries={entries as unknown as BaseRecord[]}>
            {entries.map((entry) => (
              <div key={entry.id} data-testid={`entry-${entry.id}`}>
                {renderCell(field, entry as unknown as BaseRecord)}
              </div>
            ))}
          </AuditRecordTitles>
        </ConsoleLinkProvider>
      </Refine>
    </MemoryRouter>,
  );
  return getList;
}

describe("the audit log's Record column", () => {
  afterEach(cleanup);

  it("links a record by its title, read once per table for the page", async () => {
    const getList = renderRecords();
    await waitFor(() => expect(screen.getAllByRole("link", { name: "Ada Lovelace" })).toHaveLength(2));
    expect(screen.getAllByRole("link", { name: "Ada Lovelace" })[0].getAttribute("href")).toBe("/customers/c-1");
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList.mock.calls[0][0]).toMatchObject({
      resource: "customers",
      filters: [{ field: "id", operator: "in", value: ["c-1", "c-2"] }],
    });
  });

  it("shows the key without a link for a deleted record and a table the operator may not show", async () => {
    renderRecords();
    await waitFor(() => expect(screen.getAllByRole("link")).toHaveLength(2));
    expect(screen.getByTestId("entry-2").textContent).toBe("c-2");
    expect(screen.getByTestId("entry-4").textContent).toBe("7");
    expect(screen.getByTestId("entry-4").querySelector("a")).toBeNull();
  });
});

describe("the audit log's Table column", () => {
  afterEach(cleanup);

  it("names a table as its menu entry does, and one without screens (Opsdesk's own) as the database does", () => {
    const field = getResource("opsdesk.audit_log").fields.find((f) => f.name === "table_name");
    if (!field) throw new Error("the audit log has a table_name");
    const operators = testEntry({ id: 5, schema_name: "opsdesk", table_name: "operators", action: "UPDATE" });
    render(
      <MemoryRouter>
        <Refine options={{ disableTelemetry: true }}>
          <div data-testid="customers">{renderCell(field, entries[0] as unknown as BaseRecord)}</div>
          <div data-testid="operators">{renderCell(field, operators as unknown as BaseRecord)}</div>
        </Refine>
      </MemoryRouter>,
    );
    expect(screen.getByTestId("customers").textContent).toBe("Customers");
    expect(screen.getByTestId("operators").textContent).toBe("operators");
  });
});
