// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { formToSubmit } from "./formKeys";

afterEach(() => {
  document.body.innerHTML = "";
});

function press(target: Element, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, "target", { value: target });
  return formToSubmit(event);
}

describe("formToSubmit", () => {
  it("submits from a one-line field on Enter, and from any field with Ctrl or Cmd", () => {
    document.body.innerHTML = `<form id="f"><input id="name"><textarea id="notes"></textarea>
      <div class="ant-select"><input id="choice" role="combobox"></div><input id="box" type="checkbox"></form>`;
    const form = document.getElementById("f");
    const field = (id: string) => document.getElementById(id) as Element;
    expect(press(field("name"))).toBe(form);
    expect(press(field("notes"))).toBeNull();
    expect(press(field("choice"))).toBeNull();
    expect(press(field("box"))).toBeNull();
    expect(press(field("name"), { shiftKey: true })).toBeNull();
    expect(press(field("notes"), { ctrlKey: true })).toBe(form);
    expect(press(field("choice"), { metaKey: true })).toBe(form);
  });

  it("leaves keys outside forms, other keys and IME composition alone", () => {
    document.body.innerHTML = `<input id="alone"><form><input id="inside"></form>`;
    expect(press(document.getElementById("alone") as Element)).toBeNull();
    expect(press(document.getElementById("inside") as Element, { key: "a" })).toBeNull();
    expect(press(document.getElementById("inside") as Element, { isComposing: true })).toBeNull();
  });
});
