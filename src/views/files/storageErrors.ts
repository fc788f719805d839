// Storage errors in docs/product.md §8 words. storage-js carries the storage status as the
// string `statusCode` (the HTTP status itself is 400 for client errors).
import { MESSAGES } from "../../i18n/messages";
import type { BucketLimits } from "./limits";

export interface StorageLikeError {
  message: string;
  statusCode?: string;
  name?: string;
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
  if (error.name === "StorageUnknownError" || /fetch/i.test(error.message)) return t("files.network", MESSAGES.network);
  return error.message;
}
