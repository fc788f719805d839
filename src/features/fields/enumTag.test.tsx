// @vitest-environment jsdom
// An enum value is shown as a tag in the colour its definition gives the option.
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { getResource } from "../../resources";
import type { FieldDefinition } from "../../resources/types";
import { FIELD_KINDS } from "./fieldKinds";

const orders = getResource("orders");
const auditLog = getResource("opsdesk.audit_log");

const tagOf = (value: string, field: FieldDefinition | undefined = orders.fields.find((f) => f.name === "status")) => {
  if (!field) throw new Error("orders has no status field");
  const { container } = render(FIELD_KINDS.enum.render(value, field, {}) as ReactElement);
  return container.querySelector(".ant-tag");
};

describe("enum tags", () => {
  it("take the option's colour from the definition", () => {
    expect(tagOf("pending")?.className).toContain("ant-tag-gold");
    expect(tagOf("cancelled")?.className).toContain("ant-tag-red");
    expect(
      tagOf(
        "DELETE",
        auditLog.fields.find((f) => f.name === "action"),
      )?.className,
    ).toContain("ant-tag-red");
  });

  it("show the option's label", () => {
    expect(tagOf("shipped")?.textContent).toBe("shipped");
  });
});
