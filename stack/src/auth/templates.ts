// E-mail templates: GoTrue's defaults, or [auth.email.template.<type>] from
// config.toml (subject, content_path), with Go-template-style placeholders.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { StackConfig } from "../config/index.js";

const MAIL_TYPES = ["confirmation", "invite", "recovery", "magic_link", "email_change", "reauthentication"] as const;
export type MailType = (typeof MAIL_TYPES)[number];

const DEFAULTS: Record<MailType, { subject: string; html: string }> = {
  confirmation: {
    subject: "Confirm Your Email",
    html: '<h2>Confirm your email</h2><p>Follow this link to confirm your email:</p><p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  invite: {
    subject: "You have been invited",
    html: '<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  recovery: {
    subject: "Reset Your Password",
    html: '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  magic_link: {
    subject: "Your Magic Link",
    html: '<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  email_change: {
    subject: "Confirm Email Change",
    html: '<h2>Confirm email address change</h2><p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  reauthentication: {
    subject: "Confirm reauthentication",
    html: "<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>",
  },
};

export interface TemplateData {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  Email: string;
  NewEmail: string;
  RedirectTo: string;
  Data: Record<string, unknown>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Substitutes `{{ .Name }}` and `{{ .Data.key }}`; unknown names render empty, as Go's missingkey=zero. */
export function renderTemplate(template: string, data: TemplateData, asHtml: boolean): string {
  return template.replace(/\{\{\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*\}\}/g, (_, name: string, key?: string) => {
    const raw = name === "Data" && key ? data.Data[key] : (data as unknown as Record<string, unknown>)[name];
    const text = raw === undefined || raw === null || typeof raw === "object" ? "" : String(raw);
    return asHtml ? escapeHtml(text) : text;
  });
}

function readContent(config: StackConfig, contentPath: string): string {
  // The CLI resolves content_path from the project root (the folder holding supabase/).
  const candidates = [
    path.resolve(path.dirname(config.supabaseDir), contentPath),
    path.resolve(config.supabaseDir, contentPath),
  ];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`[auth.email.template] content_path not found: ${contentPath}`);
  return readFileSync(found, "utf8");
}

export function templateFor(config: StackConfig, type: MailType): { subject: string; html: string } {
  const custom = config.auth.email.template[type];
  return {
    subject: custom?.subject ?? DEFAULTS[type].subject,
    html: custom?.content_path ? readContent(config, custom.content_path) : DEFAULTS[type].html,
  };
}

/** A plain-text rendering of the HTML body, links kept as `text (url)`. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, "$2 ($1)")
    .replace(/<\/(p|h[1-6]|div|li)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** Reads every configured template once, so a wrong content_path stops the start, as in the CLI. */
export function checkTemplates(config: StackConfig): void {
  for (const type of MAIL_TYPES) templateFor(config, type);
}
