// GET /health, /settings and /.well-known/jwks.json.
import type { FastifyInstance } from "fastify";
import type { AuthContext } from "../state.js";

const EXTERNAL_PROVIDERS = [
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "github",
  "gitlab",
  "google",
  "keycloak",
  "linkedin_oidc",
  "notion",
  "slack_oidc",
  "spotify",
  "twitch",
  "twitter",
  "workos",
  "zoom",
];

export function metaRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { auth } = ctx.config;

  app.get("/health", async () => ({
    version: "opsdesk-stack",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  }));

  app.get("/settings", async () => ({
    external: {
      anonymous_users: auth.enable_anonymous_sign_ins,
      ...Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, auth.external[p] ?? false])),
      email: auth.email.enable_signup,
      phone: false,
    },
    disable_signup: !auth.enable_signup,
    mailer_autoconfirm: !auth.email.enable_confirmations,
    phone_autoconfirm: false,
    sms_provider: "twilio",
    saml_enabled: false,
    passkeys_enabled: auth.passkey.enabled,
  }));

  // The signing keys' public halves (none with HS256 only), cached as GoTrue lets them be.
  app.get("/.well-known/jwks.json", async (_req, reply) => {
    reply.header("cache-control", "public, max-age=600");
    return ctx.jwt.jwks();
  });
}
