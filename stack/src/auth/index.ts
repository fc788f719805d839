// GoTrue-compatible auth API at /auth/v1. The routing table; handlers live in
// http/, one file per endpoint family.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Service, StackContext } from "../context.js";
import { ServiceError } from "../shared/errors.js";
import { jsonNestsDeeperThan, jsonTooDeep, RequestFault, requestFaultOf } from "../shared/request-faults.js";
import { requireAdmin } from "./caller.js";
import { API_VERSION, API_VERSION_HEADER, AUTH_ERRORS, authRequestFault, forRequest } from "./errors.js";
import { adminLinkRoutes } from "./http/admin-links.js";
import { adminOAuthClientRoutes } from "./http/admin-oauth-clients.js";
import { adminUserRoutes } from "./http/admin-users.js";
import { disabledFeatureRoutes } from "./http/disabled.js";
import { factorRoutes } from "./http/factors.js";
import { logoutRoutes } from "./http/logout.js";
import { mailFlowRoutes } from "./http/mail-flows.js";
import { metaRoutes } from "./http/meta.js";
import { adminPasskeyRoutes, passkeyRoutes } from "./http/passkeys.js";
import { signupRoutes } from "./http/signup.js";
import { tokenRoutes } from "./http/token.js";
import { userRoutes } from "./http/user.js";
import { verifyRoutes } from "./http/verify.js";
import { type AuthContext, type AuthState, createAuthState } from "./state.js";
import { checkTemplates } from "./templates.js";

/** GoTrue reads bodies of a few KB; anything near this size is abuse. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Kong's open auth routes (no API key needed), plus health and the public keys. */
const OPEN_PATHS = new Set(["/health", "/verify", "/callback", "/authorize", "/.well-known/jwks.json"]);

/**
 * JSON bodies as GoTrue reads them: an empty body is no body (auth-js posts
 * /logout with a JSON content type and nothing in it); `__proto__` keys are refused
 * (metadata is merged key by key, where one would replace an object's prototype).
 */
function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, text, done) => {
    if (typeof text !== "string" || text.trim() === "") return done(null, undefined);
    if (jsonNestsDeeperThan(text)) return done(jsonTooDeep(), undefined);
    try {
      done(
        null,
        JSON.parse(text, (key, value) => {
          if (key === "__proto__") throw new SyntaxError('forbidden key "__proto__"');
          return value;
        }),
      );
    } catch (err) {
      done(new RequestFault("invalid_json", (err as Error).message, 400), undefined);
    }
  });
}

function installErrorHandling(app: FastifyInstance, ctx: AuthContext): void {
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= BODY_LIMIT_BYTES;
  });
  app.addHook("onRequest", async (_req, reply) => {
    reply.header(API_VERSION_HEADER, API_VERSION);
  });
  const send = (req: FastifyRequest, reply: FastifyReply, err: ServiceError) => {
    const rendered = forRequest(req, err);
    return reply.code(rendered.status).headers(rendered.headers).send(rendered.body);
  };
  app.setNotFoundHandler((req, reply) => send(req, reply, AUTH_ERRORS.unsupportedPath()));
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ServiceError) return send(req, reply, err);
    const fault = requestFaultOf(err);
    if (fault) return send(req, reply, authRequestFault(fault));
    ctx.log.error(`auth ${req.method} ${req.url} failed`, err);
    return send(req, reply, AUTH_ERRORS.unexpectedFailure());
  });
}

/** The auth service, with its state (rate-limit buckets) for tests to inspect. */
export interface AuthService extends Service {
  state: AuthState;
}

export function createAuthService(stack: StackContext): AuthService {
  checkTemplates(stack.config);
  const ctx: AuthContext = { ...stack, auth: createAuthState(stack.config) };
  return {
    state: ctx.auth,
    name: "auth",
    prefix: "/auth/v1",
    isOpen: (path) => OPEN_PATHS.has(path),
    frameworkError: (fault, req) => forRequest(req, authRequestFault(fault)),
    async register(app) {
      installJsonParser(app);
      installErrorHandling(app, ctx);
      metaRoutes(app, ctx);
      signupRoutes(app, ctx);
      tokenRoutes(app, ctx);
      userRoutes(app, ctx);
      logoutRoutes(app, ctx);
      verifyRoutes(app, ctx);
      mailFlowRoutes(app, ctx);
      factorRoutes(app, ctx);
      passkeyRoutes(app, ctx);
      disabledFeatureRoutes(app, ctx);
      await app.register(async (admin) => {
        admin.addHook("preHandler", async (req) => {
          await requireAdmin(ctx, req);
        });
        adminUserRoutes(admin, ctx);
        adminLinkRoutes(admin, ctx);
        adminOAuthClientRoutes(admin, ctx);
        adminPasskeyRoutes(admin, ctx);
      });
    },
  };
}
