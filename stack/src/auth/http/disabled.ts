// Features the CLI's default config leaves off and the local stack does not offer:
// manual identity linking, SAML SSO and Web3 sign-in. They answer with GoTrue's own
// "disabled" errors after the same checks GoTrue makes first, so clients see what
// they would see against `supabase start`.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireUser } from "../caller.js";
import { AUTH_ERRORS } from "../errors.js";
import type { AuthContext } from "../state.js";

export function disabledFeatureRoutes(app: FastifyInstance, ctx: AuthContext): void {
  // requireAuthentication, then requireManualLinkingEnabled.
  const manualLinking = async (req: FastifyRequest) => {
    await requireUser(ctx, req, ctx.db.admin);
    throw AUTH_ERRORS.manualLinkingDisabled();
  };
  app.get("/user/identities/authorize", manualLinking);
  app.delete("/user/identities/:identityId", manualLinking);

  // requireSAMLEnabled guards every /sso route.
  const saml = async () => {
    throw AUTH_ERRORS.samlDisabled();
  };
  app.post("/sso", saml);
  app.get("/sso/saml/metadata", saml);
  app.post("/sso/saml/acs", saml);
  app.get("/sso/saml/acs", saml);
}
