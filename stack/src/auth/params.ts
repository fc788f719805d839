// The request bodies auth reads, one per GoTrue params struct (internal/api/*.go),
// named as GoTrue names them so a body of the wrong shape is refused in GoTrue's
// words (body.ts). Fields are those the stack reads; any other field is ignored,
// as Go's json.Unmarshal ignores fields its struct lacks.
import { Type } from "@sinclair/typebox";
import { params } from "./body.js";

const text = Type.String();
const flag = Type.Boolean();
/** Go's map[string]interface{}: any JSON object. */
const map = Type.Unsafe<Record<string, unknown>>({ type: "object" });
/** Go's []string. */
const list = Type.Array(Type.String());
/** Go's json.RawMessage: any JSON value. */
const raw = Type.Unknown();

const pkce = { code_challenge: text, code_challenge_method: text };

export const SignupParams = params("api.SignupParams", {
  email: text,
  phone: text,
  password: text,
  data: map,
  ...pkce,
});
export const PasswordGrantParams = params("api.PasswordGrantParams", { email: text, phone: text, password: text });
export const RefreshTokenGrantParams = params("api.RefreshTokenGrantParams", { refresh_token: text });
export const PKCEGrantParams = params("api.PKCEGrantParams", { auth_code: text, code_verifier: text });
export const IdTokenGrantParams = params("api.IdTokenGrantParams", { provider: text, issuer: text });
export const RecoverParams = params("api.RecoverParams", { email: text, ...pkce });
export const OtpParams = params("api.OtpParams", { email: text, phone: text, data: map, create_user: flag, ...pkce });
export const ResendConfirmationParams = params("api.ResendConfirmationParams", {
  type: text,
  email: text,
  phone: text,
  ...pkce,
});
export const VerifyParams = params("api.VerifyParams", {
  type: text,
  token: text,
  token_hash: text,
  email: text,
  phone: text,
});
export const UserUpdateParams = params("api.UserUpdateParams", {
  email: text,
  password: text,
  data: map,
  nonce: text,
  phone: text,
  ...pkce,
});
export const AdminUserParams = params("api.AdminUserParams", {
  id: text,
  email: text,
  phone: text,
  password: text,
  password_hash: text,
  email_confirm: flag,
  phone_confirm: flag,
  user_metadata: map,
  app_metadata: map,
  role: text,
  ban_duration: text,
});
export const AdminUserDeleteParams = params("api.adminUserDeleteParams", { should_soft_delete: flag });
export const GenerateLinkParams = params("api.GenerateLinkParams", {
  type: text,
  email: text,
  password: text,
  new_email: text,
  data: map,
  redirect_to: text,
});
export const InviteParams = params("api.InviteParams", { email: text, data: map });
export const EnrollFactorParams = params("api.EnrollFactorParams", {
  friendly_name: text,
  factor_type: text,
  issuer: text,
  phone: text,
});
export const VerifyFactorParams = params("api.VerifyFactorParams", { challenge_id: text, code: text });
const ceremony = { challenge_id: text, credential: raw };
export const PasskeyRegistrationVerifyParams = params("api.PasskeyRegistrationVerifyParams", ceremony);
export const PasskeyAuthenticationVerifyParams = params("api.PasskeyAuthenticationVerifyParams", ceremony);
export const PasskeyUpdateParams = params("api.PasskeyUpdateParams", { friendly_name: text });
const oauthClientFields = {
  redirect_uris: list,
  grant_types: list,
  client_name: text,
  client_uri: text,
  logo_uri: text,
  token_endpoint_auth_method: text,
};
export const OAuthServerClientRegisterParams = params("oauthserver.OAuthServerClientRegisterParams", {
  ...oauthClientFields,
  client_type: text,
});
/** The update's own struct: the register fields but `client_type`, which an update cannot change (ignored). */
export const OAuthServerClientUpdateParams = params("oauthserver.OAuthServerClientUpdateParams", oauthClientFields);
