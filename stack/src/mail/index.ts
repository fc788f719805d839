// The local mail catcher at /_mail, like the CLI's Inbucket/Mailpit: a JSON API
// (`/_mail/api/messages`) for tests and a page listing caught mail with its links.
import type { FastifyRequest } from "fastify";
import type { Service, StackContext } from "../context.js";
import { ServiceError } from "../shared/errors.js";
import { renderMailPage } from "./page.js";
import { clearMail, getMail, listMail } from "./store.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function recipient(req: FastifyRequest): string | undefined {
  const to = (req.query as Record<string, unknown>).to;
  return typeof to === "string" && to ? to : undefined;
}

export function createMailService(ctx: StackContext): Service {
  const db = ctx.db.admin;
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
      const list = async (req: FastifyRequest) => listMail(db, recipient(req));
      app.get("/api/messages", list);
      app.get("/messages", list); // the shorter path the issue names
      app.get("/api/messages/:id", async (req) => {
        const { id } = req.params as { id: string };
        const message = UUID.test(id) ? await getMail(db, id) : null;
        if (!message) throw new ServiceError(404, { message: "Message not found" });
        return message;
      });
      app.delete("/api/messages", async (req) => ({ deleted: await clearMail(db, recipient(req)) }));
    },
  };
}
