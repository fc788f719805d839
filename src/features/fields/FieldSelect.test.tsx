// @vitest-environment jsdom
// A required select keeps aria-required on its combobox input only (ant-design#46030).
import { cleanup, render, screen } from "@testing-library/react";
import { Form } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { FieldSelect } from "./FieldSelect";

afterEach(cleanup);
describe("FieldSelect", () => {
  it("leaves aria-required on the combobox and off the select's root element", { timeout: 30_000 }, () => {
    const { container } = render(
      <Form>
        <Form.Item name="status" rules={[{ required: true }]}>
          <FieldSelect options={[{ value: "a", label: "A" }]} />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByRole("combobox").getAttribute("aria-required")).toBe("true");
    expect(container.querySelector(".ant-select")?.hasAttribute("aria-required")).toBe(false);
  });
});
