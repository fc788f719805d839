// Auth's error catalogue. GoTrue's error codes are written once (ERROR_CODES, from
// its internal/api/apierrors/errorcode.go), and each error this stack gives with its
// status and exact message once (AUTH_ERRORS). An error is the one error type,
// ServiceError, with GoTrue's body; `code` in it is the error code string when the
// request announced an API version (auth-js always does), else the HTTP status as a
// number, exactly as GoTrue's HandleResponseError does (forRequest).
import type { FastifyRequest } from "fastify";
import { ServiceError } from "../shared/errors.js";
import type { RequestFault } from "../shared/request-faults.js";

export const API_VERSION = "2024-01-01";
export const API_VERSION_HEADER = "x-supabase-api-version";
const ERROR_CODE_HEADER = "x-sb-error-code";

export const ERROR_CODES = {
  unexpectedFailure: "unexpected_failure",
  validationFailed: "validation_failed",
  badJson: "bad_json",
  requestTooLarge: "request_too_large",
  notFound: "not_found",
  noAuthorization: "no_authorization",
  badJwt: "bad_jwt",
  notAdmin: "not_admin",
  userNotFound: "user_not_found",
  sessionNotFound: "session_not_found",
  userBanned: "user_banned",
  emailExists: "email_exists",
  userAlreadyExists: "user_already_exists",
  emailNotConfirmed: "email_not_confirmed",
  invalidCredentials: "invalid_credentials",
  weakPassword: "weak_password",
  samePassword: "same_password",
  signupDisabled: "signup_disabled",
  otpDisabled: "otp_disabled",
  otpExpired: "otp_expired",
  emailProviderDisabled: "email_provider_disabled",
  phoneProviderDisabled: "phone_provider_disabled",
  anonymousProviderDisabled: "anonymous_provider_disabled",
  providerDisabled: "provider_disabled",
  web3ProviderDisabled: "web3_provider_disabled",
  samlProviderDisabled: "saml_provider_disabled",
  manualLinkingDisabled: "manual_linking_disabled",
  featureDisabled: "feature_disabled",
  refreshTokenNotFound: "refresh_token_not_found",
  refreshTokenAlreadyUsed: "refresh_token_already_used",
  reauthenticationNeeded: "reauthentication_needed",
  reauthenticationNotValid: "reauthentication_not_valid",
  flowStateNotFound: "flow_state_not_found",
  flowStateExpired: "flow_state_expired",
  badCodeVerifier: "bad_code_verifier",
  overRequestRateLimit: "over_request_rate_limit",
  overEmailSendRateLimit: "over_email_send_rate_limit",
  oauthClientNotFound: "oauth_client_not_found",
  insufficientAal: "insufficient_aal",
  mfaFactorNotFound: "mfa_factor_not_found",
  mfaFactorNameConflict: "mfa_factor_name_conflict",
  tooManyEnrolledMfaFactors: "too_many_enrolled_mfa_factors",
  mfaTotpEnrollNotEnabled: "mfa_totp_enroll_not_enabled",
  mfaTotpVerifyNotEnabled: "mfa_totp_verify_not_enabled",
  mfaPhoneEnrollNotEnabled: "mfa_phone_enroll_not_enabled",
  mfaPhoneVerifyNotEnabled: "mfa_phone_verify_not_enabled",
  mfaWebAuthnEnrollNotEnabled: "mfa_webauthn_enroll_not_enabled",
  mfaWebAuthnVerifyNotEnabled: "mfa_webauthn_verify_not_enabled",
  mfaIpAddressMismatch: "mfa_ip_address_mismatch",
  mfaChallengeExpired: "mfa_challenge_expired",
  mfaVerificationFailed: "mfa_verification_failed",
  mfaVerificationRejected: "mfa_verification_rejected",
  overSmsSendRateLimit: "over_sms_send_rate_limit",
  phoneNotConfirmed: "phone_not_confirmed",
  phoneExists: "phone_exists",
  unknown: "unknown",
  hookTimeout: "hook_timeout",
  hookTimeoutAfterRetry: "hook_timeout_after_retry",
  hookPayloadOverSizeLimit: "hook_payload_over_size_limit",
  hookPayloadInvalidContentType: "hook_payload_invalid_content_type",
  passkeyDisabled: "passkey_disabled",
  tooManyPasskeys: "too_many_passkeys",
  webauthnChallengeNotFound: "webauthn_challenge_not_found",
  webauthnChallengeExpired: "webauthn_challenge_expired",
  webauthnVerificationFailed: "webauthn_verification_failed",
  webauthnCredentialExists: "webauthn_credential_exists",
} as const;

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** GoTrue's body, `code` as for a versioned request (forRequest adjusts it). */
function authError(status: number, code: ErrorCode, msg: string, extra: Record<string, unknown> = {}): ServiceError {
  return new ServiceError(
    status,
    { code, error_code: code, msg, message: msg, ...extra },
    { [ERROR_CODE_HEADER]: code, [API_VERSION_HEADER]: API_VERSION },
  );
}

const C = ERROR_CODES;
const badRequest = (code: ErrorCode, msg: string) => authError(400, code, msg);
const forbidden = (code: ErrorCode, msg: string) => authError(403, code, msg);
const notFound = (code: ErrorCode, msg: string) => authError(404, code, msg);
const unprocessable = (code: ErrorCode, msg: string) => authError(422, code, msg);
const EMAIL_EXISTS = "A user with this email address has already been registered";
const NO_FLOW_STATE = "invalid flow state, no valid flow state found";
const REFRESH_NO_SESSION = "Invalid Refresh Token: No Valid Session Found";

export const AUTH_ERRORS = {
  unexpected: (msg: string) => authError(500, C.unexpectedFailure, msg),
  unexpectedFailure: () =>
    authError(500, C.unexpectedFailure, "Unexpected failure, please check server logs for more information"),
  validationFailed: (msg: string, status = 400) => authError(status, C.validationFailed, msg),
  unsupportedPath: () => notFound(C.notFound, "Unsupported path"),
  // Request faults (shared/request-faults), found before a handler runs, and bodies of the wrong shape.
  requestTooLarge: () => authError(413, C.requestTooLarge, "Request body too large"),
  unsupportedMediaType: () => authError(415, C.badJson, "Unsupported Content-Type: use application/json"),
  badJson: (detail: string) => badRequest(C.badJson, `Could not parse request body as JSON: ${detail}`),
  // The caller.
  noAuthorization: () => authError(401, C.noAuthorization, "This endpoint requires a valid Bearer token"),
  anonymousNotAllowed: () => forbidden(C.noAuthorization, "Anonymous user not allowed to perform these actions"),
  badJwt: (detail: string) => forbidden(C.badJwt, `invalid JWT: unable to parse or verify signature, ${detail}`),
  invalidClaim: (detail: string) => forbidden(C.badJwt, `invalid claim: ${detail}`),
  notAdmin: () => forbidden(C.notAdmin, "User not allowed"),
  userFromJwtMissing: () => forbidden(C.userNotFound, "User from sub claim in JWT does not exist"),
  sessionFromJwtMissing: () => forbidden(C.sessionNotFound, "Session from session_id claim in JWT does not exist"),
  overRequestRateLimit: () => authError(429, C.overRequestRateLimit, "Request rate limit reached"),
  // Users and sign-in.
  userNotFound: () => notFound(C.userNotFound, "User not found"),
  userWithEmailNotFound: () => notFound(C.userNotFound, "User with this email not found"),
  userIdNotUuid: () => notFound(C.validationFailed, "user_id must be an UUID"),
  emailExists: () => unprocessable(C.emailExists, EMAIL_EXISTS),
  userAlreadyExists: () => unprocessable(C.userAlreadyExists, "User already registered"),
  invalidCredentials: () => badRequest(C.invalidCredentials, "Invalid login credentials"),
  unsupportedGrantType: () => badRequest(C.invalidCredentials, "unsupported_grant_type"),
  userBanned: () => badRequest(C.userBanned, "User is banned"),
  userBannedConfirming: () => authError(401, C.userBanned, "Error confirming user"),
  emailNotConfirmed: () => unprocessable(C.emailNotConfirmed, "Please verify your email first."),
  emailNotConfirmedSignIn: () => badRequest(C.emailNotConfirmed, "Email not confirmed"),
  weakPassword: (msg: string, reasons: string[]) => authError(422, C.weakPassword, msg, { weak_password: { reasons } }),
  samePassword: () => unprocessable(C.samePassword, "New password should be different from the old password."),
  signupDisabled: () => unprocessable(C.signupDisabled, "Signups not allowed for this instance"),
  otpSignupsDisabled: () => unprocessable(C.otpDisabled, "Signups not allowed for otp"),
  emailSignupsDisabled: () => unprocessable(C.emailProviderDisabled, "Email signups are disabled"),
  anonymousSignInsDisabled: () => unprocessable(C.anonymousProviderDisabled, "Anonymous sign-ins are disabled"),
  otpExpired: () => forbidden(C.otpExpired, "Token has expired or is invalid"),
  // Sessions.
  refreshTokenNotFound: () => badRequest(C.refreshTokenNotFound, "Invalid Refresh Token: Refresh Token Not Found"),
  refreshSessionNotFound: () => badRequest(C.sessionNotFound, REFRESH_NO_SESSION),
  refreshUserBanned: () => badRequest(C.userBanned, "Invalid Refresh Token: User Banned"),
  refreshTokenAlreadyUsed: () => badRequest(C.refreshTokenAlreadyUsed, "Invalid Refresh Token: Already Used"),
  reauthenticationNeeded: () => badRequest(C.reauthenticationNeeded, "Password update requires reauthentication"),
  reauthenticationNotValid: () => unprocessable(C.reauthenticationNotValid, "Nonce has expired or is invalid"),
  reauthenticationImpossible: () =>
    badRequest(C.validationFailed, "Reauthentication requires the user to have an email or a phone number"),
  // PKCE.
  flowStateNotFound: () => notFound(C.flowStateNotFound, NO_FLOW_STATE),
  flowStateNotFoundForLink: () => notFound(C.flowStateNotFound, "No valid flow state found for this link"),
  flowStateExpired: () => unprocessable(C.flowStateExpired, "invalid flow state, flow state has expired"),
  badCodeVerifier: () => badRequest(C.badCodeVerifier, "code challenge does not match previously saved code verifier"),
  // Mail.
  emailSendTooSoon: (seconds: number) =>
    authError(
      429,
      C.overEmailSendRateLimit,
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  overEmailSendRateLimit: () => authError(429, C.overEmailSendRateLimit, "Email rate limit exceeded"),
  // Features the CLI's config leaves off.
  oauthServerDisabled: () => notFound(C.featureDisabled, "OAuth server is disabled"),
  oauthClientNotFound: () => notFound(C.oauthClientNotFound, "OAuth client not found"),
  oauthClientIdInvalid: () => badRequest(C.validationFailed, "invalid client_id format"),
  nothingToUpdate: () => badRequest(C.validationFailed, "No fields provided for update"),
  manualLinkingDisabled: () => notFound(C.manualLinkingDisabled, "Manual linking is disabled"),
  samlDisabled: () => notFound(C.samlProviderDisabled, "SAML 2.0 is disabled"),
  web3Disabled: () => unprocessable(C.web3ProviderDisabled, "Web3 provider is disabled"),
  providerDisabled: (issuer: string) =>
    badRequest(C.providerDisabled, `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`),
  phoneProviderDisabled: () => unprocessable(C.phoneProviderDisabled, "Unsupported phone provider"),
  phoneUpdateDisabled: () => unprocessable(C.phoneProviderDisabled, "Phone provider is disabled"),
  phoneSignupsDisabled: () => unprocessable(C.phoneProviderDisabled, "Phone signups are disabled"),
  invalidPhone: () => badRequest(C.validationFailed, "Invalid phone number format (E.164 required)"),
  phoneLoginsDisabled: () => unprocessable(C.phoneProviderDisabled, "Phone logins are disabled"),
  phoneNotConfirmed: () => badRequest(C.phoneNotConfirmed, "Phone not confirmed"),
  phoneExists: () => unprocessable(C.phoneExists, "Phone number already registered by another user"),
  userBannedVerifying: () => forbidden(C.userBanned, "User is banned"),
  smsProviderUnavailable: () => authError(500, C.unexpectedFailure, "Unable to get SMS provider"),
  smsSendTooSoon: (seconds: number) =>
    authError(
      429,
      C.overSmsSendRateLimit,
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  // MFA (mfa.go).
  mfaFactorNotFound: () => notFound(C.mfaFactorNotFound, "Factor not found"),
  mfaFactorIdNotUuid: () => notFound(C.validationFailed, "factor_id must be an UUID"),
  mfaFactorNameConflict: (name: string) =>
    unprocessable(
      C.mfaFactorNameConflict,
      `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
    ),
  tooManyEnrolledFactors: () =>
    unprocessable(C.tooManyEnrolledMfaFactors, "Maximum number of verified factors reached, unenroll to continue"),
  insufficientAalToEnroll: () => forbidden(C.insufficientAal, "AAL2 required to enroll a new factor"),
  insufficientAalToUnenroll: () => unprocessable(C.insufficientAal, "AAL2 required to unenroll verified factor"),
  insufficientAalToUpdate: () =>
    authError(401, C.insufficientAal, "AAL2 session is required to update email or password when MFA is enabled."),
  mfaFactorTypeInvalid: () => badRequest(C.validationFailed, "factor_type needs to be totp, phone, or webauthn"),
  mfaTotpEnrollDisabled: () => unprocessable(C.mfaTotpEnrollNotEnabled, "MFA enroll is disabled for TOTP"),
  mfaTotpVerifyDisabled: () => unprocessable(C.mfaTotpVerifyNotEnabled, "MFA verification is disabled for TOTP"),
  mfaPhoneEnrollDisabled: () => unprocessable(C.mfaPhoneEnrollNotEnabled, "MFA enroll is disabled for Phone"),
  mfaPhoneVerifyDisabled: () => unprocessable(C.mfaPhoneVerifyNotEnabled, "MFA verification is disabled for Phone"),
  mfaWebAuthnEnrollDisabled: () => unprocessable(C.mfaWebAuthnEnrollNotEnabled, "MFA enroll is disabled for WebAuthn"),
  mfaWebAuthnVerifyDisabled: () =>
    unprocessable(C.mfaWebAuthnVerifyNotEnabled, "MFA verification is disabled for WebAuthn"),
  mfaCodeRequired: () => badRequest(C.validationFailed, "Code needs to be non-empty"),
  mfaChallengeNotFound: () => unprocessable(C.mfaFactorNotFound, "MFA factor with the provided challenge ID not found"),
  mfaIpAddressMismatch: () => unprocessable(C.mfaIpAddressMismatch, "Challenge and verify IP addresses mismatch."),
  mfaChallengeExpired: (id: string) =>
    unprocessable(
      C.mfaChallengeExpired,
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  mfaVerificationFailed: (msg: string) => unprocessable(C.mfaVerificationFailed, msg),
  // Auth hooks (hooks/): what GoTrue's hook dispatchers answer.
  /** An error without a code, as GoTrue renders one: unexpected_failure for a 500, else unknown. */
  hookFailed: (status: number, msg: string) => authError(status, status === 500 ? C.unexpectedFailure : C.unknown, msg),
  hookRunFailed: (uri: string) => authError(500, C.unexpectedFailure, `Error running hook URI: ${uri}`),
  hookOutputUnreadable: () => authError(500, C.unexpectedFailure, "Error unmarshaling JSON output."),
  hookTimeout: (seconds: number) =>
    unprocessable(C.hookTimeout, `Failed to reach hook within maximum time of ${seconds.toFixed(6)} seconds`),
  hookTimeoutAfterRetry: () => unprocessable(C.hookTimeoutAfterRetry, "Failed to reach hook after maximum retries"),
  hookPayloadTooLarge: (limit: number) =>
    unprocessable(C.hookPayloadOverSizeLimit, `Payload size exceeded size limit of ${limit} bytes`),
  hookContentTypeMissing: () =>
    badRequest(C.hookPayloadInvalidContentType, "Invalid Content-Type: Missing Content-Type header"),
  hookContentTypeInvalid: (contentType: string) =>
    badRequest(C.hookPayloadInvalidContentType, `Invalid JSON response. Received content-type: ${contentType}`),
  hookUnavailable: () => authError(500, C.unexpectedFailure, "Service currently unavailable due to hook"),
  hookRefusedPayload: () => authError(500, C.unexpectedFailure, "Invalid payload sent to hook"),
  hookNeedsAuthorization: () => authError(500, C.unexpectedFailure, "Hook requires authorization token"),
  hookUnexpectedStatus: (status: number) =>
    authError(500, C.unexpectedFailure, `Unexpected status code returned from hook: ${status}`),
  claimsMissing: () => authError(500, C.unexpectedFailure, "output claims field is missing"),
  claimsInvalid: (problems: string[]) =>
    authError(
      500,
      C.unexpectedFailure,
      `output claims do not conform to the expected schema: \n${problems.map((p) => `- ${p}\n`).join("")}`,
    ),
  passwordHookRejected: (msg: string) => badRequest(C.invalidCredentials, msg),
  mfaHookRejected: (msg: string) => forbidden(C.mfaVerificationRejected, msg),
  // Passkeys (passkey_*.go).
  passkeyDisabled: () => notFound(C.passkeyDisabled, "Passkeys are disabled"),
  webauthnNotConfigured: () => authError(500, C.unexpectedFailure, "Failed to initialize WebAuthn"),
  passkeySsoUser: () => unprocessable(C.validationFailed, "SSO users cannot register passkeys"),
  insufficientAalForPasskeys: () =>
    forbidden(C.insufficientAal, "AAL2 session is required to manage passkeys when MFA is enabled"),
  tooManyPasskeys: () => unprocessable(C.tooManyPasskeys, "Maximum number of passkeys reached"),
  passkeyFieldRequired: (field: "challenge_id" | "credential" | "friendly_name") =>
    badRequest(C.validationFailed, `${field} is required`),
  passkeyChallengeIdNotUuid: () => badRequest(C.validationFailed, "challenge_id must be a valid UUID"),
  passkeyNameTooLong: () => badRequest(C.validationFailed, "friendly_name must be 120 characters or less"),
  passkeyNotFound: () => notFound(C.validationFailed, "Passkey not found"),
  webauthnChallengeNotFound: () => badRequest(C.webauthnChallengeNotFound, "Challenge not found or already used"),
  webauthnChallengeExpired: () => badRequest(C.webauthnChallengeExpired, "Challenge has expired"),
  webauthnInvalidResponse: () => badRequest(C.webauthnVerificationFailed, "Invalid credential response"),
  webauthnVerificationFailed: () => badRequest(C.webauthnVerificationFailed, "Credential verification failed"),
  webauthnCredentialExists: () => unprocessable(C.webauthnCredentialExists, "This credential is already registered"),
  passkeyEmailNotConfirmed: () => forbidden(C.emailNotConfirmed, "Email not confirmed"),
  passkeyUserBanned: () => forbidden(C.userBanned, "User is banned"),
};

/** The GoTrue error code of an error from this catalogue; undefined for anything else. */
export function authErrorCode(err: unknown): ErrorCode | undefined {
  return err instanceof ServiceError ? (err.headers[ERROR_CODE_HEADER] as ErrorCode | undefined) : undefined;
}

/** The response GoTrue gives `req` for `err`: an unversioned request reads the status as `code`. */
export function forRequest(req: FastifyRequest, err: ServiceError): ServiceError {
  if (typeof req.headers[API_VERSION_HEADER] === "string") return err;
  return new ServiceError(err.status, { ...(err.body as object), code: err.status }, err.headers);
}

/** The hook for request faults (shared/request-faults: bad JSON, body too large…), as GoTrue words them. */
export function authRequestFault(fault: RequestFault): ServiceError {
  switch (fault.kind) {
    case "body_too_large":
      return AUTH_ERRORS.requestTooLarge();
    case "unsupported_media_type":
      return AUTH_ERRORS.unsupportedMediaType();
    case "invalid_json":
    case "json_too_deep":
      return AUTH_ERRORS.badJson(fault.message);
    default:
      return AUTH_ERRORS.validationFailed(fault.message, fault.statusCode);
  }
}
