import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/index.js";
import { checkTemplates, htmlToText, renderTemplate, type TemplateData } from "./templates.js";

const data: TemplateData = {
  ConfirmationURL: "http://x/verify?token=a&type=invite",
  Token: "123456",
  TokenHash: "abc",
  SiteURL: "http://127.0.0.1:3000",
  Email: "a@b.c",
  NewEmail: "",
  RedirectTo: "http://127.0.0.1:3000/welcome",
  Data: { name: "Ada <admin>" },
};

describe("renderTemplate", () => {
  it("substitutes placeholders with or without spaces and escapes HTML", () => {
    const out = renderTemplate(
      '<a href="{{ .ConfirmationURL }}">{{.Token}}</a> {{ .Data.name }} {{ .Missing }}',
      data,
      true,
    );
    expect(out).toBe('<a href="http://x/verify?token=a&#38;type=invite">123456</a> Ada &#60;admin&#62; ');
    expect(htmlToText(out)).toBe("123456 (http://x/verify?token=a&type=invite) Ada <admin>");
  });
  it("leaves subjects unescaped", () => {
    expect(renderTemplate("Welcome {{ .Email }} & co", data, false)).toBe("Welcome a@b.c & co");
  });
});

describe("checkTemplates", () => {
  it("names a content_path that does not exist", () => {
    const config = loadConfig("/nonexistent");
    config.auth.email.template = { invite: { content_path: "./supabase/templates/missing.html" } };
    expect(() => checkTemplates(config)).toThrow(/content_path not found: \.\/supabase\/templates\/missing\.html/);
  });
});
