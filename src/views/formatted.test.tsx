// @vitest-environment jsdom
// The money input in the operator's language: the currency's sign, the language's marks, and
// typed text read back to the number the form stores (Form.Item gives it value and onChange).
import { Refine } from "@refinedev/core";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, type Locale } from "../i18n";
import { createI18nProvider } from "../i18n/i18nProvider";
import { MoneyInput } from "./formatted";

afterEach(cleanup);

function renderMoney(locale: Locale, value?: number) {
  const onChange = vi.fn();
  render(
    <Refine
      i18nProvider={createI18nProvider(createI18n({ en: {}, de: {} }, locale))}
      options={{ disableTelemetry: true }}
    >
      <MoneyInput aria-label="Price" precision={2} value={value} onChange={onChange} />
    </Refine>,
  );
  return { input: screen.getByLabelText("Price") as HTMLInputElement, onChange };
}

describe("MoneyInput", () => {
  it("shows the amount with the language's marks and the store currency's sign", () => {
    const { input } = renderMoney("de", 1234.5);
    expect(input.value).toBe("1.234,50");
    expect(screen.getByText("$")).toBeTruthy();
  });

  it("reads a German amount back as the number, and an emptied field as empty", () => {
    const { input, onChange } = renderMoney("de", 10);
    fireEvent.change(input, { target: { value: "1.234,5" } });
    expect(onChange).toHaveBeenLastCalledWith(1234.5);
    fireEvent.change(input, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("reads an English amount back as the number", () => {
    const { input, onChange } = renderMoney("en");
    fireEvent.change(input, { target: { value: "1,234.50" } });
    expect(onChange).toHaveBeenLastCalledWith(1234.5);
  });
});
