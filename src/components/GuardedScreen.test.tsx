// @vitest-environment jsdom
// A guarded screen belongs to its resource: when the same screen component is rendered for
// another resource in the same place, it starts from nothing (issue 12: a list kept the
// previous resource's columns and crashed on "Resource "products" has no field …"). While
// its permission is not known it says it waits, and when the server did not answer it says
// so with Retry (issue 27 C2: Refine's CanAccess left the screen area blank).
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages";
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

type Can = () => Promise<{ can: boolean }>;

function Screen({ resource, can = async () => ({ can: true }) }: { resource: string; can?: Can }) {
  return (
    <MemoryRouter>
      <Refine
        routerProvider={routerProvider}
        resources={[{ name: "products" }, { name: "customers" }]}
        accessControlProvider={{ can }}
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

  it("says it waits while the permission is not known, and why it cannot show the screen when the server did not answer", {
    timeout: 30_000,
  }, async () => {
    let answer: (value: { can: boolean }) => void = () => {};
    const answers: Can[] = [
      () => new Promise((resolve) => (answer = resolve)),
      () => Promise.reject(new Error(MESSAGES.network)),
      async () => ({ can: true }),
    ];
    let call = 0;
    const can: Can = () => answers[Math.min(call++, answers.length - 1)]();
    const { unmount } = render(<Screen resource="products" can={can} />);
    expect(await screen.findByRole("status")).toBeTruthy();
    answer({ can: true });
    expect(await screen.findByRole("button", { name: "products clicked 0" })).toBeTruthy();
    unmount();

    render(<Screen resource="customers" can={can} />);
    expect(await screen.findByText(MESSAGES.network)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("button", { name: "customers clicked 0" })).toBeTruthy();
  });
});
