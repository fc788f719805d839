import { DeleteOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import DeleteDefinition from "@ant-design/icons-svg/es/asn/DeleteOutlined";
import EditDefinition from "@ant-design/icons-svg/es/asn/EditOutlined";
import EyeDefinition from "@ant-design/icons-svg/es/asn/EyeOutlined";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { staticIcon } from "./staticIcon";

describe("staticIcon", () => {
  it.each([
    ["eye", EyeDefinition, <EyeOutlined key="eye" />],
    ["edit", EditDefinition, <EditOutlined key="edit" />],
    ["delete", DeleteDefinition, <DeleteOutlined key="delete" />],
  ])("renders %s exactly as the @ant-design/icons component does", (_, definition, component) => {
    expect(renderToStaticMarkup(staticIcon(definition))).toBe(renderToStaticMarkup(component));
  });
});
