// What the form shows about its save, derived from the mutation, the query and the last refusal.
import type { HttpError } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../i18n/messages";
import { toHttpError } from "../../providers/errors";
import { type SaveInputs, saveStateOf } from "./saveState";

const idle = { isPending: false, isPaused: false, failureCount: 0 };
const loaded = { isError: false, isFetching: false };
const base: SaveInputs = { action: "edit", formError: undefined, mutation: idle, query: loaded, record: { id: 1 } };
const refusal = (error: Partial<HttpError>) => ({ statusCode: 400, message: "", ...error }) as HttpError;

describe("saveStateOf", () => {
  it("is quiet on a loaded form with no save", () => {
    expect(saveStateOf(base)).toEqual({
      waiting: false,
      loadFailed: false,
      stale: false,
      hasFieldErrors: false,
      busy: false,
    });
  });

  it("tells a save on its way (busy) from one that waits for the server (paused or failed once)", () => {
    const sending = saveStateOf({ ...base, mutation: { ...idle, isPending: true } });
    expect([sending.busy, sending.waiting]).toEqual([true, false]);
    for (const mutation of [
      { isPending: true, isPaused: true, failureCount: 0 },
      { isPending: true, isPaused: false, failureCount: 1 },
    ]) {
      const waiting = saveStateOf({ ...base, mutation });
      expect([waiting.busy, waiting.waiting]).toEqual([false, true]);
    }
  });

  it("is busy while the record is read", () => {
    expect(saveStateOf({ ...base, query: { ...loaded, isFetching: true } }).busy).toBe(true);
  });

  it("fails to load only an edit form whose record never arrived", () => {
    const failed = { ...loaded, isError: true };
    expect(saveStateOf({ ...base, query: failed, record: undefined }).loadFailed).toBe(true);
    expect(saveStateOf({ ...base, query: failed }).loadFailed).toBe(false);
    expect(saveStateOf({ ...base, action: "create", query: failed, record: undefined }).loadFailed).toBe(false);
  });

  it("calls stale the refusal toHttpError gave the stale reason, whatever its words", () => {
    expect(
      saveStateOf({
        ...base,
        formError: toHttpError({ code: "PT409", message: "stale" }, "products", "update", () => undefined),
      }).stale,
    ).toBe(true);
    expect(saveStateOf({ ...base, formError: refusal({ statusCode: 409, message: MESSAGES.stale }) }).stale).toBe(
      false,
    );
    expect(saveStateOf({ ...base, formError: refusal({ statusCode: 409, message: "other" }) }).stale).toBe(false);
  });

  it("has field errors only when the refusal names a field", () => {
    expect(saveStateOf({ ...base, formError: refusal({ errors: { name: ["Taken"] } }) }).hasFieldErrors).toBe(true);
    expect(saveStateOf({ ...base, formError: refusal({ errors: {} }) }).hasFieldErrors).toBe(false);
    expect(saveStateOf({ ...base, formError: refusal({}) }).hasFieldErrors).toBe(false);
  });
});
