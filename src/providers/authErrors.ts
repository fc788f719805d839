// Sign-in and password errors from auth-js in docs/product.md §8 words.
import { MESSAGES } from "../i18n/messages";

export interface AuthLikeError {
  status?: number;
  code?: string;
  message: string;
  name?: string;
}

export function authErrorMessage(error: AuthLikeError): string {
  if (error.status === 429 || error.code?.startsWith("over_")) return MESSAGES.tooManyAttempts;
  if (error.code === "invalid_credentials" || /invalid login credentials/i.test(error.message)) {
    return MESSAGES.wrongCredentials;
  }
  if (error.name === "AuthRetryableFetchError" || error.status === 0 || /fetch/i.test(error.message)) {
    return MESSAGES.network;
  }
  if (error.code === "weak_password") return "Choose a stronger password of at least 10 characters.";
  if (error.code === "same_password") return "The new password must differ from the old one.";
  return error.message;
}
