// /admin/oauth/clients: GoTrue's OAuth 2.1 server client registry for the service
// role (register, list, read, update, delete, regenerate the secret), answering
// "OAuth server is disabled" unless [auth.oauth_server] is enabled.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { readBody } from "../body.js";
import { isUuid } from "../caller.js";
import { AUTH_ERRORS } from "../errors.js";
import {
  type ClientFields,
  clientJson,
  deleteClient,
  findClient,
  listClients,
  regenerateSecret,
  registerClient,
  updateClient,
} from "../oauth-clients.js";
import { OAuthServerClientRegisterParams, OAuthServerClientUpdateParams } from "../params.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";

/** Registered inside the admin scope, whose hook has already required the service role. */
export function adminOAuthClientRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.register(async (scope) => {
    scope.addHook("preHandler", async () => {
      if (!ctx.config.auth.oauth_server.enabled) throw AUTH_ERRORS.oauthServerDisabled();
    });
    const loaded = async (req: FastifyRequest, db: Parameters<typeof findClient>[0]) => {
      const { clientId } = req.params as { clientId: string };
      if (!isUuid(clientId)) throw AUTH_ERRORS.oauthClientIdInvalid();
      const client = await findClient(db, clientId);
      if (!client) throw AUTH_ERRORS.oauthClientNotFound();
      return client;
    };

    scope.post("/admin/oauth/clients", async (req, reply) => {
      const fields: ClientFields = readBody(req, OAuthServerClientRegisterParams);
      const created = await inTransaction(ctx, (db) => registerClient(db, fields));
      return reply.code(201).send(created);
    });
    scope.get("/admin/oauth/clients", async () => ({ clients: await listClients(ctx.db.admin) }));
    scope.get("/admin/oauth/clients/:clientId", async (req) => clientJson(await loaded(req, ctx.db.admin)));
    scope.put("/admin/oauth/clients/:clientId", async (req) => {
      const fields: ClientFields = readBody(req, OAuthServerClientUpdateParams);
      if (Object.values(fields).every((v) => v === undefined)) throw AUTH_ERRORS.nothingToUpdate();
      return inTransaction(ctx, async (db) => updateClient(db, await loaded(req, db), fields));
    });
    scope.delete("/admin/oauth/clients/:clientId", async (req, reply) => {
      await inTransaction(ctx, async (db) => deleteClient(db, await loaded(req, db)));
      return reply.code(204).send();
    });
    scope.post("/admin/oauth/clients/:clientId/regenerate_secret", async (req) =>
      inTransaction(ctx, async (db) => regenerateSecret(db, await loaded(req, db))),
    );
  });
}
