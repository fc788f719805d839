// The operator-facing messages of SPEC §8, in one place so screens and tests agree.
export const MESSAGES = {
  wrongCredentials: "Wrong e-mail or password.",
  noAccess: "This account has no access to Opsdesk.",
  sessionEnded: "Your session has ended. Please sign in again.",
  forbidden: "You don't have permission to do that.",
  stale: "Someone else changed this record. Reload to see their changes.",
  tooManyAttempts: "Too many attempts. Try again in a few minutes.",
  network: "Can't reach the server. Retrying…",
} as const;

export const uniqueMessage = (resource: string, field: string) => `A ${resource} with this ${field} already exists.`;
export const stillUsedMessage = (resource: string, other: string) => `This ${resource} is still used by ${other}.`;
