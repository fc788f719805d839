// @vitest-environment jsdom
// The money input in the operator's language: the currency's sign, the language's marks, and
// typed text read back to the number the form stores (Form.Item gives it value and onChange).
import { Refine } from "@refinedev/core";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, type Locale } from "../../i18n";
import { createI18nProvider } from "../../i18n/i18nProvider";
import { MoneyInput } from "./formatted";
import { NumberRangeInput } from "./kindTexts";

afterEach(cleanup);

function renderIn(locale: Locale, children: React.ReactNode) {
  render(
    <Refine
      i18nProvider={createI18nProvider(createI18n({ en: {}, de: {} }, locale))}
      options={{ disableTelemetry: true }}
    >
      {children}
    </Refine>,
  );
}

function renderMoney(locale: Locale, value?: number) {
  const onChange = vi.fn();
  renderIn(locale, <MoneyInput aria-label="Price" precision={2} value={value} onChange={onChange} />);
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

describe("a list's from–to filter", () => {
  it("reads German amounts and whole numbers as German writes them", () => {
    const onChange = vi.fn();
    renderIn("de", <NumberRangeInput label="Price" money value={["10", null]} onChange={onChange} />);
    const [from, to] = [screen.getByLabelText("Price from"), screen.getByLabelText("Price to")] as HTMLInputElement[];
    // From the URL as text, shown as German writes it.
    expect(from.value).toBe("10,00");
    fireEvent.change(to, { target: { value: "12,5" } });
    expect(onChange).toHaveBeenLastCalledWith(["10", 12.5]);
    cleanup();

    renderIn("de", <NumberRangeInput label="Stock" value={[null, null]} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Stock from"), { target: { value: "1.000" } });
    expect(onChange).toHaveBeenLastCalledWith([1000, null]);
  });
});
