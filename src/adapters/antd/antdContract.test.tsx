// @vitest-environment jsdom
// What the adapters of this folder rely on in antd, checked against the installed antd (pinned
// in package.json): an update that renames a class or stops styling the markup they copy fails
// here, naming the adapter, instead of a screen quietly losing a behaviour.
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { DatePicker, Drawer, Modal, Select, Upload } from "antd";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { FOCUSED_PICKER, KEYED_CONTROLS, OPEN_LAYERS, OPEN_MODAL } from "./selectors";
import { UploadDragContent } from "./UploadDragContent";

afterEach(cleanup);

/** The CSS antd generates for `element`, as the static stylesheets are made (scripts/antdStaticStyles.ts). */
function stylesOf(element: ReactElement): string {
  const cache = createCache();
  render(<StyleProvider cache={cache}>{element}</StyleProvider>);
  return extractStyle(cache, { plain: true, types: ["style"] });
}

describe("antd's class names (selectors.ts)", () => {
  it("an open Modal matches OPEN_MODAL and OPEN_LAYERS", () => {
    render(<Modal open title="Dialog" />);
    expect(document.querySelector(OPEN_MODAL)).not.toBeNull();
    expect(document.querySelector(OPEN_LAYERS)).not.toBeNull();
  });

  it("an open Drawer matches OPEN_LAYERS, a closed one does not", () => {
    const { rerender } = render(<Drawer open={false} title="Drawer" forceRender />);
    expect(document.querySelector(OPEN_LAYERS)).toBeNull();
    rerender(<Drawer open title="Drawer" />);
    expect(document.querySelector(OPEN_LAYERS)).not.toBeNull();
  });

  it("a Select and a DatePicker match KEYED_CONTROLS, a focused picker FOCUSED_PICKER", () => {
    const { container } = render(
      <>
        <Select options={[{ value: "a" }]} />
        <DatePicker />
      </>,
    );
    expect(container.querySelectorAll(KEYED_CONTROLS)).toHaveLength(2);
    const input = container.querySelector<HTMLInputElement>(".ant-picker input");
    expect(input).not.toBeNull();
    act(() => {
      fireEvent.focus(input as HTMLInputElement);
    });
    expect(input?.closest(FOCUSED_PICKER)).not.toBeNull();
  });
});

describe("antd's stylesheet styles the markup the adapters copy", () => {
  it("Upload.Dragger's stylesheet lays out UploadDragContent's classes", () => {
    const css = stylesOf(
      <Upload.Dragger>
        <UploadDragContent text="Drop a file" hint="Up to 5 MB" />
      </Upload.Dragger>,
    );
    for (const name of ["ant-upload-drag-icon", "ant-upload-text", "ant-upload-hint"])
      expect(css).toContain(`.${name}`);
  });

  it("antd styles staticIcon's span.anticon", () => {
    const css = stylesOf(<Upload.Dragger>icon</Upload.Dragger>);
    expect(css).toContain(".anticon");
  });
});
