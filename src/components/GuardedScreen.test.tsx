// @vitest-environment jsdom
// A guarded screen belongs to its resource: when the same screen component is rendered for
// another resource in the same place, it starts from nothing (issue 12: a list kept the
// previous resource's columns and crashed on "Resource "products" has no field …").
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { GuardedScreen } from "./GuardedScreen";

/** Keeps the resource it was first rendered for, as a list keeps its columns. */
function Remembers({ resource }: { resource: string }) {
  const [first] = useState(resource);
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {first} clicked {clicks}
    </button>
  );
}

function Screen({ resource }: { resource: string }) {
  return (
    <MemoryRouter>
      <Refine
        routerProvider={routerProvider}
        resources={[{ name: "products" }, { name: "customers" }]}
        accessControlProvider={{ can: async () => ({ can: true }) }}
        options={{ disableTelemetry: true }}
      >
        <GuardedScreen resource={resource}>
          <Remembers resource={resource} />
        </GuardedScreen>
      </Refine>
    </MemoryRouter>
  );
}

afterEach(cleanup);

describe("GuardedScreen", () => {
  it("gives another resource a fresh screen, and keeps the screen while the resource stays", {
    timeout: 30_000,
  }, async () => {
    const { rerender } = render(<Screen resource="products" />);
    fireEvent.click(await screen.findByRole("button", { name: "products clicked 0" }));
    rerender(<Screen resource="products" />);
    expect(await screen.findByRole("button", { name: "products clicked 1" })).toBeTruthy();
    rerender(<Screen resource="customers" />);
    expect(await screen.findByRole("button", { name: "customers clicked 0" })).toBeTruthy();
  });
});
