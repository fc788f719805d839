// @vitest-environment jsdom
// The screen area: a fresh screen per address (the list-state crash of issue 12), and a
// failing screen kept to an error panel that navigation clears.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { Link, MemoryRouter, NavigationType, Route, Routes, useNavigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PreferencesProvider } from "../components/theme/PreferencesProvider";
import { nextVisit, ScreenArea } from "./ScreenArea";

/** Keeps what it was first rendered with, as a list keeps its columns, and counts clicks. */
function Remembers({ name }: { name: string }) {
  const [first] = useState(name);
  const [clicks, setClicks] = useState(0);
  const navigate = useNavigate();
  return (
    <>
      <p>showing {first}</p>
      <p>clicked {clicks}</p>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        click
      </button>
      <Link to="/b">to b</Link>
      <Link to="/a">to a</Link>
      <button type="button" onClick={() => navigate("/a?page=2", { replace: true })}>
        replace
      </button>
    </>
  );
}

function Broken(): never {
  throw new Error('Resource "products" has no field "full_name"');
}

function renderAt(path: string) {
  return render(
    <PreferencesProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<ScreenArea />}>
            <Route index element={<p>dashboard</p>} />
            <Route path="/a" element={<Remembers name="a" />} />
            <Route path="/b" element={<Remembers name="b" />} />
            <Route path="/broken" element={<Broken />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </PreferencesProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("ScreenArea", () => {
  it("renders a fresh screen for another address, even of the same component", () => {
    renderAt("/a");
    expect(screen.getByText("showing a")).toBeTruthy();
    fireEvent.click(screen.getByText("to b"));
    expect(screen.getByText("showing b")).toBeTruthy();
  });

  it("keeps a screen that replaces its own address, and starts it afresh when opened again", () => {
    renderAt("/a");
    fireEvent.click(screen.getByText("click"));
    fireEvent.click(screen.getByText("replace"));
    expect(screen.getByText("clicked 1")).toBeTruthy();
    fireEvent.click(screen.getByText("to a"));
    expect(screen.getByText("clicked 0")).toBeTruthy();
  });

  it("shows what failed, in a panel with a retry and the dashboard; navigating clears it", { timeout: 30_000 }, () => {
    // React reports the caught error on the console; keep the test output clean.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderAt("/broken");
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong on this screen");
    expect(screen.getByText('Resource "products" has no field "full_name"')).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload this screen" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dashboard" }));
    expect(screen.getByText("dashboard")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("nextVisit", () => {
  const first = nextVisit(undefined, "/permissions", "default", NavigationType.Pop);

  it("keeps the visit when a screen replaces its own address", () => {
    expect(nextVisit(first, "/permissions", "k1", NavigationType.Replace).id).toBe(first.id);
  });

  it("starts a new visit for another address written outside the router (the same key, 'default')", () => {
    const next = nextVisit(first, "/products", "default", NavigationType.Pop);
    expect(next.id).toBe(first.id + 1);
    // The list then writes its page into its address: still the same visit.
    const written = nextVisit(next, "/products", "k2", NavigationType.Replace);
    expect(written.id).toBe(next.id);
    expect(written.openedBy).toBe("default");
  });
});
