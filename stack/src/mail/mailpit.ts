// The catcher's mail in the shapes of Mailpit's API v1 (the Supabase CLI's mail catcher
// since 2025, on port 54324), so suites written against the CLI's Mailpit read a stack's,
// or a QA world's, mail unchanged: message lists and summaries, search filters, read
// flags and deletion. Only what auth's mail has is filled in (no attachments, no Cc).
import type { MailMessage } from "./store.js";

/** The sender the Supabase CLI's GoTrue uses for local mail (GOTRUE_SMTP_ADMIN_EMAIL). */
const LOCAL_SENDER = { Name: "", Address: "admin@email.com" };

interface Address {
  Name: string;
  Address: string;
}

interface MailpitListItem {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: Address;
  To: Address[];
  Cc: Address[];
  Bcc: Address[];
  ReplyTo: Address[];
  Subject: string;
  Created: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

function sizeOf(m: MailMessage): number {
  return Buffer.byteLength(m.html) + Buffer.byteLength(m.text) + Buffer.byteLength(m.subject);
}

function created(m: MailMessage): string {
  // Mailpit answers milliseconds: 1970-01-01T00:00:00.000Z.
  return new Date(m.created_at).toISOString();
}

export function listItem(m: MailMessage): MailpitListItem {
  return {
    ID: m.id,
    MessageID: `${m.id}@opsdesk-stack`,
    Read: m.read,
    From: LOCAL_SENDER,
    To: [{ Name: "", Address: m.to }],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: m.subject,
    Created: created(m),
    Tags: [],
    Size: sizeOf(m),
    Attachments: 0,
    Snippet: m.text.replace(/\s+/g, " ").trim().slice(0, 250),
  };
}

export function summary(m: MailMessage) {
  return {
    ID: m.id,
    MessageID: `${m.id}@opsdesk-stack`,
    From: LOCAL_SENDER,
    To: [{ Name: "", Address: m.to }],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: LOCAL_SENDER.Address,
    Subject: m.subject,
    ListUnsubscribe: { Header: "", Links: [], Errors: "", HeaderPost: "" },
    Date: created(m),
    Tags: [],
    Username: "",
    Text: m.text,
    HTML: m.html,
    Size: sizeOf(m),
    Inline: [],
    Attachments: [],
  };
}

export function headers(m: MailMessage): Record<string, [string]> {
  return {
    Date: [new Date(m.created_at).toUTCString()],
    From: [LOCAL_SENDER.Address],
    To: [m.to],
    Subject: [m.subject],
    "Message-Id": [`<${m.id}@opsdesk-stack>`],
    "Mime-Version": ["1.0"],
    "Content-Type": ['multipart/alternative; boundary="opsdesk-stack"'],
  };
}

/** The message as raw MIME (text and HTML alternatives), for `/api/v1/message/{ID}/raw`. */
export function raw(m: MailMessage): string {
  const head = Object.entries(headers(m))
    .map(([name, [value]]) => `${name}: ${value}`)
    .join("\r\n");
  return `${head}\r\n\r\n--opsdesk-stack\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n${m.text}\r\n--opsdesk-stack\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n${m.html}\r\n--opsdesk-stack--\r\n`;
}

interface Term {
  negate: boolean;
  field: string | null;
  value: string;
}

/** Mailpit's search syntax: words and "quoted phrases", `field:value`, `-` or `!` to negate. */
export function parseSearch(query: string): Term[] {
  const terms: Term[] = [];
  const pattern = /([-!]?)(?:([a-z-]+):)?(?:"([^"]*)"|(\S+))/gi;
  for (const match of query.matchAll(pattern)) {
    const value = (match[3] ?? match[4] ?? "").toLowerCase();
    if (!value && match[3] === undefined) continue;
    terms.push({ negate: match[1] !== "", field: match[2]?.toLowerCase() ?? null, value });
  }
  return terms;
}

function matchesTerm(m: MailMessage, term: Term): boolean {
  const has = (text: string) => text.toLowerCase().includes(term.value);
  switch (term.field) {
    case "to":
      return has(m.to);
    case "from":
      return has(LOCAL_SENDER.Address);
    case "subject":
      return has(m.subject);
    case "message-id":
      return has(`${m.id}@opsdesk-stack`);
    case "is":
      if (term.value === "read") return m.read;
      if (term.value === "unread") return !m.read;
      return false;
    case "has":
    case "tag":
    case "cc":
    case "bcc":
    case "reply-to":
    case "addressed":
      return term.field === "addressed" ? has(m.to) : false;
    case null:
      return has(m.subject) || has(m.text) || has(m.to) || has(LOCAL_SENDER.Address);
    default: {
      // An unknown field is searched as text, as Mailpit does.
      const needle = `${term.field}:${term.value}`;
      return [m.subject, m.text].some((text) => text.toLowerCase().includes(needle));
    }
  }
}

export function matchesSearch(m: MailMessage, terms: Term[]): boolean {
  return terms.every((term) => matchesTerm(m, term) !== term.negate);
}
