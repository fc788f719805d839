// Storage errors in docs/product.md §8 words, by what storage-js says, never by its English:
// a StorageApiError carries the storage status as the string `statusCode` (the HTTP status itself
// is 400 for client errors); a request that got no answer is a StorageUnknownError wrapping what
// fetch threw (`originalError`: the console's ServerUnreachable, providers/connection.ts).
import { MESSAGES } from "../../i18n/messages";
import { isUnreachable } from "../../providers/connection";
import type { BucketLimits } from "./limits";

export interface StorageLikeError {
  message: string;
  statusCode?: string;
  /** storage-js's class: StorageApiError (an answer), StorageUnknownError (none), … */
  name?: string;
  /** StorageUnknownError: what fetch threw. */
  originalError?: unknown;
}

export type Translate = (key: string, defaultText: string) => string;

export function storageErrorMessage(error: StorageLikeError, limits: BucketLimits, t: Translate): string {
  switch (error.statusCode) {
    case "413":
    case "415":
      // A live bucket's rule names its types and size: filled in here (this `t` takes no values).
      return t(limits.rule.key, limits.rule.text).replace(
        /\{\{(\w+)\}\}/g,
        (_, name: string) => limits.rule.values?.[name] ?? "",
      );
    case "401":
    case "403":
      return t("files.forbidden", MESSAGES.forbidden);
    case "409":
      return t("files.exists", "A file with this name already exists.");
    case "404":
      return t("files.missing", "This file no longer exists.");
  }
  if (error.name === "StorageUnknownError" || isUnreachable(error)) return t("files.network", MESSAGES.network);
  return error.message;
}
