// Refusals of operator administration in the operator's words, chosen by code (Opsdesk's hint,
// the constraint of its tables), never by the database's English (docs/any-project.md "Error codes").
import { describe, expect, it } from "vitest";
import { collectMessages } from "../i18n";
import { ADMIN_ERROR_CODES, adminMessageKey } from "../i18n/adminMessages";
import { localizeMessage } from "../i18n/messages";
import { FunctionCallError } from "./functionErrors";
import { adminErrorOf, functionAdminError } from "./operatorAdmin";

const german = collectMessages(
  import.meta.glob<{ default: Record<string, string> }>("../i18n/locales/*/*.ts", { eager: true }),
).de;

describe("adminErrorOf", () => {
  it("takes Opsdesk's code from the hint, whatever the message says", () => {
    const refused = adminErrorOf({ code: "P0001", message: "whatever", hint: "OPSDESK_LAST_ADMIN" });
    expect(refused.code).toBe("OPSDESK_LAST_ADMIN");
    expect(refused.message).toBe("At least one active admin must remain.");
  });

  it("names the broken constraint of Opsdesk's tables", () => {
    const inUse = adminErrorOf({
      code: "23503",
      message:
        'update or delete on table "roles" violates foreign key constraint "operators_role_fkey" on table "operators"',
    });
    expect(inUse.code).toBe("ROLE_IN_USE");
    expect(
      adminErrorOf({ code: "23505", message: 'duplicate key value violates unique constraint "roles_pkey"' }).code,
    ).toBe("ROLE_EXISTS");
    expect(adminErrorOf({ code: "23514", message: 'new row violates check constraint "roles_name_check"' }).code).toBe(
      "ROLE_NAME",
    );
  });

  it("words a permission error, a network failure and an ended session as the console does elsewhere", () => {
    expect(adminErrorOf({ code: "42501", message: "permission denied for table operators" }).message).toBe(
      "You don't have permission to do that.",
    );
    expect(adminErrorOf({ code: "", message: "ServerUnreachable: Failed to fetch" }).code).toBe("NETWORK");
    expect(adminErrorOf({ code: "PGRST303", message: "JWT expired" }).sessionEnded).toBe(true);
  });

  it("says the database's words only for what it cannot place, inside its own sentence", () => {
    const other = adminErrorOf({ code: "XX000", message: "disk full" });
    expect(other.code).toBe("FAILED");
    expect(other.message).toBe("The change was refused: disk full");
  });

  it("has German for every code, with the same placeholders", () => {
    for (const code of ADMIN_ERROR_CODES) expect(german[adminMessageKey(code)], code).toBeTruthy();
    const translate = (key: string, values: Record<string, unknown>, fallback: string) =>
      (german[key] ?? fallback).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
    expect(localizeMessage(adminErrorOf({ code: "XX000", message: "disk full" }).message, translate)).toBe(
      "Die Änderung wurde abgelehnt: disk full",
    );
  });
});

describe("functionAdminError (opsdesk-admin's answers)", () => {
  it("words the function's refusal by its code, not by its English", () => {
    const already = functionAdminError(
      new FunctionCallError("some English of the function", 409, "OPSDESK_ALREADY_OPERATOR"),
    );
    expect(already.code).toBe("OPSDESK_ALREADY_OPERATOR");
    expect(already.message).toBe("This person is an operator already.");
    expect(functionAdminError(new FunctionCallError("x", 403, "OPSDESK_NOT_ADMIN")).message).toBe(
      "Only an Opsdesk admin may do that.",
    );
    expect(functionAdminError(new FunctionCallError("x", 429, "OPSDESK_MAIL_LIMIT")).code).toBe("OPSDESK_MAIL_LIMIT");
  });

  it("treats an ended session, the network and an unknown code as such", () => {
    expect(functionAdminError(new FunctionCallError("x", 401, "OPSDESK_NOT_SIGNED_IN")).sessionEnded).toBe(true);
    expect(functionAdminError(new FunctionCallError("offline", 0)).code).toBe("NETWORK");
    const other = functionAdminError(new FunctionCallError("boom", 500, "OPSDESK_SERVER"));
    expect(other.code).toBe("FAILED");
    expect(other.message).toBe("The change was refused: boom");
  });
});
