// GoTrue's error shape. A handler throws an AuthError; the auth scope's error
// handler renders it for the caller: `code` is the error code string when the
// request announced an API version (auth-js always does), else the HTTP status
// as a number, exactly as GoTrue's HandleResponseError does.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../shared/errors.js";
import type { RequestFault } from "../shared/requestFaults.js";

export const API_VERSION = "2024-01-01";
export const API_VERSION_HEADER = "x-supabase-api-version";

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra body fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const unprocessable = (code: string, msg: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, msg, extra);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const tooManyRequests = (code: string, msg: string) => new AuthError(429, code, msg);
export const validationFailed = (msg: string, status = 400) => new AuthError(status, "validation_failed", msg);

export const invalidCredentials = () => badRequest("invalid_credentials", "Invalid login credentials");
export const userNotFound = () => notFound("user_not_found", "User not found");

/**
 * GoTrue's errors with their codes (internal/api/apierrors/errorcode.go) and exact
 * messages, for the endpoints the local stack answers but does not offer
 * (SSO, Web3, manual linking, phone) and for MFA.
 */
export const AUTH_ERRORS = {
  unexpected: (msg: string) => new AuthError(500, "unexpected_failure", msg),
  noAuthorization: () => new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token"),
  anonymousNotAllowed: () => forbidden("no_authorization", "Anonymous user not allowed to perform these actions"),
  // Features the CLI's config leaves off.
  oauthServerDisabled: () => notFound("feature_disabled", "OAuth server is disabled"),
  oauthClientNotFound: () => notFound("oauth_client_not_found", "OAuth client not found"),
  oauthClientIdInvalid: () => badRequest("validation_failed", "invalid client_id format"),
  nothingToUpdate: () => badRequest("validation_failed", "No fields provided for update"),
  manualLinkingDisabled: () => notFound("manual_linking_disabled", "Manual linking is disabled"),
  samlDisabled: () => notFound("saml_provider_disabled", "SAML 2.0 is disabled"),
  web3Disabled: () => unprocessable("web3_provider_disabled", "Web3 provider is disabled"),
  providerDisabled: (issuer: string) =>
    badRequest("provider_disabled", `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`),
  phoneProviderDisabled: () => unprocessable("phone_provider_disabled", "Unsupported phone provider"),
  invalidPhone: () => badRequest("validation_failed", "Invalid phone number format (E.164 required)"),
  otpExpired: () => forbidden("otp_expired", "Token has expired or is invalid"),
  emailNotConfirmed: () => unprocessable("email_not_confirmed", "Please verify your email first."),
  reauthenticationNotValid: () => unprocessable("reauthentication_not_valid", "Nonce has expired or is invalid"),
  reauthenticationImpossible: () =>
    badRequest("validation_failed", "Reauthentication requires the user to have an email or a phone number"),
  // MFA (mfa.go).
  mfaFactorNotFound: () => notFound("mfa_factor_not_found", "Factor not found"),
  mfaFactorIdNotUuid: () => notFound("validation_failed", "factor_id must be an UUID"),
  mfaFactorNameConflict: (name: string) =>
    unprocessable(
      "mfa_factor_name_conflict",
      `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
    ),
  tooManyEnrolledFactors: () =>
    unprocessable("too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue"),
  insufficientAalToEnroll: () => forbidden("insufficient_aal", "AAL2 required to enroll a new factor"),
  insufficientAalToUnenroll: () => unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor"),
  mfaFactorTypeInvalid: () => badRequest("validation_failed", "factor_type needs to be totp, phone, or webauthn"),
  mfaTotpEnrollDisabled: () => unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP"),
  mfaTotpVerifyDisabled: () => unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP"),
  mfaPhoneEnrollDisabled: () => unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone"),
  mfaPhoneVerifyDisabled: () => unprocessable("mfa_phone_verify_not_enabled", "MFA verification is disabled for Phone"),
  mfaWebAuthnEnrollDisabled: () =>
    unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn"),
  mfaWebAuthnVerifyDisabled: () =>
    unprocessable("mfa_webauthn_verify_not_enabled", "MFA verification is disabled for WebAuthn"),
  mfaCodeRequired: () => badRequest("validation_failed", "Code needs to be non-empty"),
  mfaChallengeNotFound: () =>
    unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found"),
  mfaIpAddressMismatch: () => unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch."),
  mfaChallengeExpired: (id: string) =>
    unprocessable(
      "mfa_challenge_expired",
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  mfaVerificationFailed: (msg: string) => unprocessable("mfa_verification_failed", msg),
  // Request faults (shared/requestFaults), found before a handler runs.
  requestTooLarge: () => new AuthError(413, "request_too_large", "Request body too large"),
  unsupportedMediaType: () => new AuthError(415, "bad_json", "Unsupported Content-Type: use application/json"),
  badJson: (detail: string) => badRequest("bad_json", `Could not parse request body as JSON: ${detail}`),
};

/** The response GoTrue gives for `err`, as the one error type the gateway sends. */
export function renderAuthError(req: FastifyRequest, err: AuthError): ServiceError {
  const versioned = typeof req.headers[API_VERSION_HEADER] === "string";
  return new ServiceError(
    err.status,
    {
      code: versioned ? err.errorCode : err.status,
      error_code: err.errorCode,
      msg: err.message,
      message: err.message,
      ...err.extra,
    },
    { "x-sb-error-code": err.errorCode, [API_VERSION_HEADER]: API_VERSION },
  );
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError): void {
  const rendered = renderAuthError(req, err);
  reply.code(rendered.status).headers(rendered.headers).send(rendered.body);
}

/** A request fault (shared/requestFaults: bad JSON, body too large…) as GoTrue words it. */
export function authRequestFault(fault: RequestFault): AuthError {
  switch (fault.kind) {
    case "body_too_large":
      return AUTH_ERRORS.requestTooLarge();
    case "unsupported_media_type":
      return AUTH_ERRORS.unsupportedMediaType();
    case "invalid_json":
    case "json_too_deep":
      return AUTH_ERRORS.badJson(fault.message);
    default:
      return validationFailed(fault.message, fault.statusCode);
  }
}
