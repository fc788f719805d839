// The mail catcher's web page: newest first, each mail's body and its link.
import type { MailMessage } from "./store.js";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function messageHtml(m: MailMessage): string {
  const link = m.action_link
    ? `<p><a class="action" href="${escapeHtml(m.action_link)}">${escapeHtml(m.action_link)}</a></p>`
    : "";
  return `<article id="m-${m.id}">
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <b>${escapeHtml(m.to)}</b> · ${escapeHtml(m.type)} · <time>${escapeHtml(m.created_at)}</time></p>
  ${link}
  <iframe title="${escapeHtml(m.subject)}" sandbox srcdoc="${escapeHtml(m.html)}"></iframe>
</article>`;
}

export function renderMailPage(messages: MailMessage[], to?: string): string {
  const body = messages.length ? messages.map(messageHtml).join("\n") : "<p>No mail yet.</p>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mail catcher</title>
<style>
body{font:14px system-ui,sans-serif;margin:2rem auto;max-width:56rem;padding:0 1rem}
article{border:1px solid #ddd;border-radius:6px;padding:0 1rem 1rem;margin:1rem 0}
.meta{color:#555}iframe{width:100%;height:12rem;border:1px solid #eee}
a.action{word-break:break-all}
</style></head>
<body><h1>Mail catcher${to ? ` — ${escapeHtml(to)}` : ""}</h1>
<form><input name="to" type="email" placeholder="Filter by recipient" value="${escapeHtml(to ?? "")}"> <button>Filter</button></form>
${body}
</body></html>`;
}
