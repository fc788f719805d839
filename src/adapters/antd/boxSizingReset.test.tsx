// @vitest-environment jsdom
// antd's per-component box-sizing resets are left out of the generated CSS (reset.css makes
// every element border-box already); everything else antd generates stays.
import { type CSSObject, createCache, StyleProvider } from "@ant-design/cssinjs";
import { cleanup, render } from "@testing-library/react";
import { Button, ConfigProvider, Layout, Table } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { dropBoxSizingResets } from "./boxSizingReset";

afterEach(cleanup);

/** The CSS antd generates for a layout, a table and a button, with or without the transformer. */
function generatedCss(transformers: (typeof dropBoxSizingResets)[], prefixCls = "ant"): string {
  for (const style of document.head.querySelectorAll("style")) style.remove();
  render(
    // A cache of its own, so each render generates its styles afresh.
    <StyleProvider transformers={transformers} cache={createCache()}>
      <ConfigProvider prefixCls={prefixCls}>
        <Layout>
          <Button>Save</Button>
          <Table dataSource={[{ id: 1 }]} columns={[{ dataIndex: "id", title: "Id" }]} rowKey="id" />
        </Layout>
      </ConfigProvider>
    </StyleProvider>,
  );
  return [...document.head.querySelectorAll("style")].map((style) => style.textContent).join("\n");
}

describe("dropBoxSizingResets", () => {
  it("leaves out the attribute-selector box-sizing resets and the layout's `*` rule", () => {
    const css = generatedCss([dropBoxSizingResets]);
    // The descendant form (`.ant-btn [class^="ant-btn"]`, `[class^="ant-table"] [class^="ant-table"]`).
    expect(css).not.toMatch(/ \[class[\^*]="/);
    expect(css).not.toMatch(/\.ant-layout \*/);
  });

  it("keeps the rest: the component's own rules and the font reset", () => {
    const css = generatedCss([dropBoxSizingResets]);
    expect(css).toMatch(/\.ant-btn\{/);
    expect(css).toMatch(/\.ant-table-wrapper \.ant-table-cell/);
    expect(css).toMatch(/\[class\^="ant-table"\],:where\([^)]*\)\[class\*=" ant-table"\]\{font-family:/);
  });

  it("takes out what antd generates without it", () => {
    // Another class prefix: antd generates each component's styles once per page.
    const css = generatedCss([], "raw");
    expect(css).toMatch(/\.raw-btn \[class\^="raw-btn"\]/);
    expect(css).toMatch(/\[class\^="raw-table"\] \[class\^="raw-table"\]/);
    expect(css).toMatch(/\.raw-layout \*/);
  });

  it("leaves other rules that set box-sizing alone", () => {
    const style: CSSObject = {
      ".ant-picker-range-arrow": { boxSizing: "content-box" },
      "&, *": { boxSizing: "content-box" },
    };
    expect(dropBoxSizingResets.visit?.(style)).toEqual(style);
  });
});
