// @vitest-environment jsdom
// A record's History hears changes made elsewhere: the record's own (by its key) and, for an
// order, any of its items' (their events name only the item), each asking for the entries again.
import { type LiveEvent, type LiveProvider, Refine } from "@refinedev/core";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resourceMetaOf } from "../../lib/resourceMeta";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { HistoryLive } from "./HistoryLive";

function renderLive(def: ResourceDefinition, recordId: string) {
  const subscriptions: { table?: string; ids?: unknown[]; callback: (event: LiveEvent) => void }[] = [];
  const liveProvider: LiveProvider = {
    subscribe: ({ params, meta, callback }) => {
      const subscription = { table: resourceMetaOf(meta).table?.name, ids: params?.ids, callback };
      subscriptions.push(subscription);
      return subscription;
    },
    unsubscribe: () => {},
  };
  const onChange = vi.fn();
  render(
    <Refine liveProvider={liveProvider} options={{ disableTelemetry: true }}>
      <HistoryLive definition={def} recordId={recordId} onChange={onChange} />
    </Refine>,
  );
  return { subscriptions, onChange };
}

const event: LiveEvent = { channel: "x", type: "updated", payload: { id: 7 }, date: new Date() };

describe("HistoryLive", () => {
  afterEach(cleanup);

  it("reads a record's entries again when the record changes elsewhere", () => {
    const { subscriptions, onChange } = renderLive(findResource("categories") as ResourceDefinition, "7");
    expect(subscriptions.map(({ table, ids }) => ({ table, ids }))).toEqual([{ table: "categories", ids: ["7"] }]);
    subscriptions[0].callback(event);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("hears an order's items too, whichever item changed", () => {
    const { subscriptions, onChange } = renderLive(findResource("orders") as ResourceDefinition, "3");
    expect(subscriptions.map(({ table, ids }) => ({ table, ids }))).toEqual([
      { table: "orders", ids: ["3"] },
      { table: "order_items", ids: undefined },
    ]);
    subscriptions[1].callback(event);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
