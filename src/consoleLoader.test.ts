import { describe, expect, it } from "vitest";
import { screenOf } from "./consoleLoader";

describe("screenOf", () => {
  it.each([
    ["/", "dashboard"],
    ["/products", "list"],
    ["/products/", "list"],
    ["/products/42", "show"],
    ["/products/create", "form"],
    ["/products/42/edit", "form"],
  ])("%s opens the %s screen", (path, screen) => {
    expect(screenOf(path)).toBe(screen);
  });
});
