// What the form shows about its save and its record, derived from Refine's mutation and query
// and the last refusal: whether a save waits for the server, whether the form is busy or its
// record failed to load, and whether the refusal was a stale version. Pure, so each case is
// tested without a form (saveState.test.ts); ResourceForm, SaveNotice and FormFrame read it.
import type { HttpError } from "@refinedev/core";
import { isStaleError } from "../../providers/errors";

export interface SaveInputs {
  action: "create" | "edit";
  /** The last save's refusal, cleared by a save that went through or a reload. */
  formError: HttpError | undefined;
  mutation: { isPending: boolean; isPaused: boolean; failureCount: number };
  query: { isError: boolean; isFetching: boolean } | undefined;
  /** The record an edit form loaded (undefined until it arrives). */
  record: unknown;
}

export interface SaveState {
  /** A save that got no answer waits for the server (SAVE_RETRY); the form holds still meanwhile. */
  waiting: boolean;
  /** An edit form whose record could not be read: its controls are off, a retry is offered. */
  loadFailed: boolean;
  /** The database refused the save because the record moved on since it was loaded (toHttpError's reason, not its words). */
  stale: boolean;
  /** The refusal named fields (shown on them, not beside Save). */
  hasFieldErrors: boolean;
  /** Reading the record, or a save on its way (not one that waits). */
  busy: boolean;
}

export function saveStateOf({ action, formError, mutation, query, record }: SaveInputs): SaveState {
  const waiting = mutation.isPending && (mutation.isPaused || mutation.failureCount > 0);
  return {
    waiting,
    loadFailed: action === "edit" && query?.isError === true && !record,
    stale: isStaleError(formError),
    hasFieldErrors: Boolean(formError?.errors && Object.keys(formError.errors).length > 0),
    busy: Boolean(query?.isFetching) || (mutation.isPending && !waiting),
  };
}
