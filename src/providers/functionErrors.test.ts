// The demo's edge functions (staff-admin, merge-customers, …) are worded by the code they answer
// (supabase/functions/_shared/errors.ts), in the operator's language, whatever English `error`
// they send; only a refusal the console has no words for shows the function's own text.
import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from "../i18n";
import { createI18nProvider } from "../i18n/i18nProvider";
import { localizeMessage } from "../i18n/messages";
import { FUNCTION_MESSAGES, functionError, functionMessageKey } from "./functionErrors";

const catalogue = collectMessages(
  import.meta.glob<{ default: Record<string, string> }>("../i18n/locales/*/*.ts", { eager: true }),
);
const german = createI18nProvider(createI18n(catalogue, "de"));

/** The error supabase-js hands back for a function's non-2xx answer. */
const refusal = (status: number, body: Record<string, unknown>) =>
  functionError(new FunctionsHttpError(Response.json(body, { status })));

const NOT_ENGLISH = "the function's own sentence, which the console must not show";

describe("edge function refusals by code", () => {
  it("words a database rule by its code and facts, in English and German", async () => {
    const lastAdmin = await refusal(409, { error: NOT_ENGLISH, code: "OPSDESK_RULE", rule: "staff_last_admin" });
    expect(lastAdmin.code).toBe("OPSDESK_RULE");
    expect(lastAdmin.message).toBe("At least one active admin must remain.");
    expect(localizeMessage(lastAdmin.message, german.translate)).toBe("Mindestens ein aktiver Admin muss bleiben.");

    const self = await refusal(409, {
      error: NOT_ENGLISH,
      code: "OPSDESK_RULE",
      rule: "customer_merge_self",
      facts: {},
    });
    expect(localizeMessage(self.message, german.translate)).toBe(
      "Ein Kunde kann nicht mit sich selbst zusammengeführt werden.",
    );
  });

  it("words the functions' own codes, in English and German", async () => {
    const exists = await refusal(409, { error: NOT_ENGLISH, code: "OPSDESK_ALREADY_OPERATOR" });
    expect(exists.message).toBe("A staff member with this e-mail already exists.");
    expect(localizeMessage(exists.message, german.translate)).toBe(
      "Es gibt bereits Mitarbeitende mit dieser E-Mail-Adresse.",
    );
    const stale = await refusal(409, { error: NOT_ENGLISH, code: "OPSDESK_STALE" });
    expect(localizeMessage(stale.message, german.translate)).toBe(
      "Jemand anderes hat einen dieser Kunden geändert. Laden Sie neu, um die Änderungen zu sehen.",
    );
    const forbidden = await refusal(403, { error: NOT_ENGLISH, code: "OPSDESK_FORBIDDEN" });
    expect(localizeMessage(forbidden.message, german.translate)).toBe("Dafür fehlt Ihnen die Berechtigung.");
    const field = await refusal(400, { error: NOT_ENGLISH, code: "OPSDESK_BAD_REQUEST", field: "email" });
    expect(localizeMessage(field.message, german.translate)).toBe("Geben Sie eine gültige E-Mail-Adresse ein.");
    const ended = await refusal(401, { error: NOT_ENGLISH, code: "OPSDESK_NOT_SIGNED_IN" });
    expect(ended).toMatchObject({ status: 401, message: "Your session has ended. Please sign in again." });
  });

  it("has German for every code it words", () => {
    for (const code of Object.keys(FUNCTION_MESSAGES) as (keyof typeof FUNCTION_MESSAGES)[])
      expect(catalogue.de[functionMessageKey(code)], code).toBeTruthy();
  });

  it("shows the function's text only where it has no words: no code, an unknown code or rule", async () => {
    expect((await refusal(400, { error: "a project's own refusal" })).message).toBe("a project's own refusal");
    expect((await refusal(418, { error: "brewing", code: "TEAPOT" })).message).toBe("brewing");
    expect((await refusal(409, { error: "their rule", code: "OPSDESK_RULE", rule: "no_such_rule" })).message).toBe(
      "their rule",
    );
  });
});
