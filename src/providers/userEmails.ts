// E-mail addresses of auth users, for columns that hold a key to auth.users (docs/any-project.md):
// `opsdesk.user_emails(ids)` answers them only to operators who may list the referencing table.
// The ids a screen renders in one moment go out in one call, and each answer is kept for the page.
import { type BatchedLookup, createBatchedLookup } from "./batchedLookup";
import type { ConsoleClient } from "./supabaseClient";

export type UserEmails = Pick<BatchedLookup<string>, "get" | "watch">;

export function createUserEmails(client: ConsoleClient): UserEmails {
  return createBatchedLookup(async (ids) => {
    const { data, error } = await client.schema("opsdesk").rpc("user_emails", { ids });
    return new Map((error ? [] : (data ?? [])).map((row) => [row.id, row.email]));
  });
}
