// The kit's `mailbox` (docs/qa.md): waits for the next mail to an address (the world's
// `POST /_mail/api/next`), and hands it over with its links and one-time codes read out.
// A wait that runs out says which mails did arrive instead.
import { LinkifyIt } from "linkify-it";

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The mail's main link (auth's confirmation, magic link, recovery or invite link), if any. */
  actionLink: string | null;
  /** Every link in the mail, in order, without duplicates (HTML hrefs and links in the text). */
  links: string[];
  /** The one-time code (GoTrue's `{{ .Token }}`: the first run of 6 to 10 digits), if any. */
  otp: string | null;
  /** The mail catcher's type (confirmation, invite, recovery, magic_link, email_change, reauthentication). */
  type: string;
  receivedAt: Date;
}

interface CaughtMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  action_link: string | null;
  type: string;
  created_at: string;
}

const linkify = new LinkifyIt();

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function linksOf(html: string, text: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    found.push(decodeEntities(match[1] ?? match[2] ?? ""));
  }
  for (const match of linkify.match(text) ?? []) found.push(match.url);
  return [...new Set(found.filter((link) => /^https?:\/\//i.test(link)))];
}

function otpOf(text: string): string | null {
  // Links carry long hex tokens; look at the text without them.
  const words = text.replace(/https?:\/\/\S+/g, " ");
  return /(?<![\w-])(\d{6,10})(?![\w-])/.exec(words)?.[1] ?? null;
}

export function toMail(caught: CaughtMail): Mail {
  return {
    id: caught.id,
    to: caught.to,
    subject: caught.subject,
    text: caught.text,
    html: caught.html,
    actionLink: caught.action_link,
    links: linksOf(caught.html, caught.text),
    otp: otpOf(caught.text),
    type: caught.type,
    receivedAt: new Date(caught.created_at),
  };
}

export interface NextOptions {
  /** The recipient (case-insensitive). */
  to?: string;
  /** Part of the subject (case-insensitive). */
  subject?: string;
  /** How long to wait: milliseconds, or text such as "10s" (the `ms` package's); default 10 s. */
  timeout?: number | string;
}

export interface Arrived {
  to: string;
  subject: string;
  created_at: string;
}

export function describeWait(options: NextOptions, timeoutMs: number, arrived: Arrived[]): string {
  const wanted = [options.to && `to ${options.to}`, options.subject && `with "${options.subject}" in the subject`]
    .filter(Boolean)
    .join(" ");
  const seen = arrived.length
    ? `Arrived instead:\n${arrived.map((m) => `  - "${m.subject}" to ${m.to} at ${m.created_at}`).join("\n")}`
    : "No mail arrived at all in this test's world.";
  return `mailbox.next(): no mail ${wanted || "at all"} arrived within ${timeoutMs} ms. ${seen}`;
}
