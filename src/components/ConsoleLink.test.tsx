// @vitest-environment jsdom
// A ConsoleLink navigates like React Router's Link, leaves modified clicks to the browser, and
// does not render again when the address changes.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { memo, Profiler } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ConsoleLink, ConsoleLinkProvider } from "./ConsoleLink";

afterEach(cleanup);

/** Commits inside the row: the row itself is memoised, so only the link could render again. */
let rowCommits = 0;
const Row = memo(() => (
  <Profiler id="row" onRender={() => rowCommits++}>
    <ConsoleLink to="/products/7">Aquarium pump</ConsoleLink>
  </Profiler>
));

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output>{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate("/products?currentPage=2", { replace: true })}>
        next page
      </button>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleLinkProvider>
        <Row />
        <Where />
      </ConsoleLinkProvider>
    </MemoryRouter>,
  );
}

describe("ConsoleLink", () => {
  it("is a link to its path, and a plain click goes there inside the console", () => {
    renderAt("/products");
    const link = screen.getByRole("link", { name: "Aquarium pump" });
    expect(link.getAttribute("href")).toBe("/products/7");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("/products/7");
  });

  it("leaves a click with a modifier key (a new tab or window) to the browser", () => {
    renderAt("/products");
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"]) {
      const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, [modifier]: true });
      fireEvent(screen.getByRole("link", { name: "Aquarium pump" }), click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(screen.getByRole("status").textContent).toBe("/products");
  });

  it("does not render again when the address changes", () => {
    renderAt("/products");
    const before = rowCommits;
    fireEvent.click(screen.getByRole("button", { name: "next page" }));
    expect(screen.getByRole("status").textContent).toBe("/products?currentPage=2");
    expect(rowCommits).toBe(before);
  });
});
