// The local mail catcher at /_mail, like the CLI's Inbucket/Mailpit: a JSON API
// (`/_mail/api/messages`) for tests, Mailpit's API v1 (`/_mail/api/v1/…`, mail/mailpit.ts)
// for suites written against the CLI, `POST /_mail/api/next` that waits for a mail to
// arrive (the QA kit's `mailbox.next`, docs/qa.md), and a page listing caught mail.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Service, StackContext } from "../context.js";
import { ServiceError } from "../shared/errors.js";
import { headers, listItem, matchesSearch, parseSearch, raw, summary } from "./mailpit.js";
import { renderMailPage } from "./page.js";
import {
  allMail,
  clearMail,
  deleteMailByIds,
  firstMail,
  getMail,
  listMail,
  type MailMessage,
  markMailRead,
} from "./store.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The longest a `next` request may wait. */
const MAX_WAIT_MS = 120_000;

function recipient(req: FastifyRequest): string | undefined {
  const to = (req.query as Record<string, unknown>).to;
  return typeof to === "string" && to ? to : undefined;
}

function notFound(): ServiceError {
  return new ServiceError(404, { message: "Message not found" });
}

function badRequest(message: string): ServiceError {
  return new ServiceError(400, { message });
}

function page(req: FastifyRequest): { start: number; limit: number } {
  const q = req.query as Record<string, unknown>;
  const start = Number(q.start ?? 0);
  const limit = Number(q.limit ?? 50);
  if (!Number.isInteger(start) || start < 0) throw badRequest("start must be a non-negative integer");
  if (!Number.isInteger(limit) || limit < 0) throw badRequest("limit must be a non-negative integer");
  return { start, limit: limit || 50 };
}

function idsOf(body: unknown): string[] | null {
  const ids = (body as { IDs?: unknown } | null)?.IDs;
  if (ids === undefined || ids === null) return null;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) throw badRequest("IDs must be a list of IDs");
  return ids.length ? ids : null;
}

interface NextQuery {
  to?: string;
  subject?: string;
  exclude?: string[];
  timeoutMs?: number;
}

function readNext(body: unknown): Required<Pick<NextQuery, "exclude" | "timeoutMs">> & NextQuery {
  const q = (body ?? {}) as NextQuery;
  if (q.to !== undefined && typeof q.to !== "string") throw badRequest("to must be an e-mail address");
  if (q.subject !== undefined && typeof q.subject !== "string") throw badRequest("subject must be text");
  const exclude = q.exclude ?? [];
  if (!Array.isArray(exclude) || !exclude.every((id) => typeof id === "string")) {
    throw badRequest("exclude must be a list of message ids");
  }
  const timeoutMs = q.timeoutMs ?? 10_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0 || timeoutMs > MAX_WAIT_MS) {
    throw badRequest(`timeoutMs must be 0 to ${MAX_WAIT_MS}`);
  }
  return { ...q, exclude, timeoutMs };
}

export function createMailService(ctx: StackContext): Service {
  const db = ctx.db.admin;
  /** Waiters for `next`, woken by each committed mail (base 57's NOTIFY). */
  const waiters = new Set<() => void>();
  let listening: Promise<unknown> | undefined;
  const arrivals = () => {
    listening ??= ctx.db
      .listen("stack_mail", () => {
        for (const wake of [...waiters]) wake();
      })
      .catch((err) => {
        listening = undefined;
        throw err;
      });
    return listening;
  };

  /** Resolves with the first matching mail, or null once `timeoutMs` passed without one. */
  async function next(q: ReturnType<typeof readNext>): Promise<MailMessage | null> {
    await arrivals();
    let woken = true;
    let wake: () => void = () => {};
    const wakeUp = () => {
      woken = true;
      wake();
    };
    waiters.add(wakeUp);
    const deadline = performance.now() + q.timeoutMs;
    try {
      for (;;) {
        woken = false;
        const found = await firstMail(db, { to: q.to, subject: q.subject, exclude: q.exclude });
        if (found) return found;
        const left = deadline - performance.now();
        if (left <= 0) return null;
        if (woken) continue; // a mail arrived while we read: read again
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      waiters.delete(wakeUp);
    }
  }

  const search = async (req: FastifyRequest) => {
    const query = (req.query as Record<string, unknown>).query;
    if (typeof query !== "string") throw badRequest("query is required");
    const terms = parseSearch(query);
    return (await allMail(db)).filter((m) => matchesSearch(m, terms));
  };

  const listing = (req: FastifyRequest, all: MailMessage[], matching: MailMessage[]) => {
    const { start, limit } = page(req);
    const newestFirst = [...matching].reverse();
    const messages = newestFirst.slice(start, start + limit).map(listItem);
    return {
      total: all.length,
      unread: all.filter((m) => !m.read).length,
      count: messages.length,
      messages_count: matching.length,
      messages_unread: matching.filter((m) => !m.read).length,
      start,
      tags: [],
      messages,
    };
  };

  const messageById = async (id: string): Promise<MailMessage> => {
    if (id === "latest") {
      const [latest] = await listMail(db, undefined, 1);
      if (!latest) throw notFound();
      return latest;
    }
    const message = UUID.test(id) ? await getMail(db, id) : null;
    if (!message) throw notFound();
    return message;
  };

  const ok = (reply: FastifyReply) => reply.type("text/plain; charset=utf-8").send("ok");

  return {
    name: "mail",
    prefix: "/_mail",
    isOpen: () => true,
    // As Mailpit: no CORS, so no web page can read the recovery and invite links.
    cors: "none",
    register(app) {
      app.get("/", async (req, reply) => {
        const to = recipient(req);
        reply.type("text/html; charset=utf-8").send(renderMailPage(await listMail(db, to), to));
      });
      // The JSON API's shape stays as it was: Mailpit's order and read flag are v1's business.
      const caught = ({ seq: _seq, read: _read, ...mail }: MailMessage) => mail;
      const list = async (req: FastifyRequest) => (await listMail(db, recipient(req))).map(caught);
      app.get("/api/messages", list);
      app.get("/messages", list); // the shorter path the issue names
      app.get("/api/messages/:id", async (req) => {
        const { id } = req.params as { id: string };
        const message = UUID.test(id) ? await getMail(db, id) : null;
        if (!message) throw notFound();
        return caught(message);
      });
      app.delete("/api/messages", async (req) => ({ deleted: await clearMail(db, recipient(req)) }));

      app.post("/api/next", async (req, reply) => {
        const q = readNext(req.body);
        const found = await next(q);
        if (found) return found;
        // Not found in time: say what did arrive, so the test's failure explains itself.
        const arrived = (await allMail(db)).filter((m) => !q.exclude.includes(m.id));
        return reply.code(408).send({
          message: "No matching mail arrived in time",
          arrived: arrived.map((m) => ({ id: m.id, to: m.to, subject: m.subject, created_at: m.created_at })),
        });
      });

      // Mailpit's API v1.
      app.get("/api/v1/info", async () => {
        const all = await allMail(db);
        return {
          Version: "opsdesk-stack",
          LatestVersion: "",
          Database: "",
          DatabaseSize: 0,
          Messages: all.length,
          Unread: all.filter((m) => !m.read).length,
          Tags: {},
          RuntimeStats: { Uptime: Math.round(process.uptime()), Memory: process.memoryUsage().rss },
        };
      });
      app.get("/api/v1/messages", async (req) => {
        const all = await allMail(db);
        return listing(req, all, all);
      });
      app.get("/api/v1/search", async (req) => listing(req, await allMail(db), await search(req)));
      app.put("/api/v1/messages", async (req, reply) => {
        const body = (req.body ?? {}) as { Read?: unknown; Search?: unknown };
        const read = body.Read === true;
        let ids = idsOf(req.body);
        if (!ids && typeof body.Search === "string" && body.Search) {
          const terms = parseSearch(body.Search);
          ids = (await allMail(db)).filter((m) => matchesSearch(m, terms)).map((m) => m.id);
          if (ids.length === 0) return ok(reply);
        }
        await markMailRead(db, ids, read);
        return ok(reply);
      });
      app.delete("/api/v1/messages", async (req, reply) => {
        const ids = idsOf(req.body);
        if (ids) await deleteMailByIds(db, ids);
        else await clearMail(db);
        return ok(reply);
      });
      app.delete("/api/v1/search", async (req, reply) => {
        const ids = (await search(req)).map((m) => m.id);
        if (ids.length) await deleteMailByIds(db, ids);
        return ok(reply);
      });
      app.get("/api/v1/message/:id", async (req) => {
        const message = await messageById((req.params as { id: string }).id);
        // Opening a message marks it read, as Mailpit does.
        if (!message.read) await markMailRead(db, [message.id], true);
        return summary({ ...message, read: true });
      });
      app.get("/api/v1/message/:id/headers", async (req) =>
        headers(await messageById((req.params as { id: string }).id)),
      );
      app.get("/api/v1/message/:id/raw", async (req, reply) =>
        reply.type("text/plain; charset=utf-8").send(raw(await messageById((req.params as { id: string }).id))),
      );
    },
  };
}
