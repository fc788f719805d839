// startSetup after a cancelled set-up: the cancel removes its half-made app in the background
// (MfaCard), so the next set-up may find that app listed and then already gone.
import type { GoTrueClient } from "@supabase/auth-js";
import { describe, expect, it, vi } from "vitest";
import { startSetup } from "./mfa";

function authWith(unenrollError: { code: string; message: string; status: number } | null) {
  const mfa = {
    listFactors: async () => ({ data: { all: [{ id: "old", status: "unverified" }], totp: [] }, error: null }),
    unenroll: vi.fn(async () => ({ data: unenrollError ? null : { id: "old" }, error: unenrollError })),
    enroll: vi.fn(async () => ({
      data: { id: "new", totp: { qr_code: "data:image/svg+xml;utf-8,<svg/>", secret: "SECRET" } },
      error: null,
    })),
  };
  return { auth: { mfa } as unknown as GoTrueClient, mfa };
}

describe("startSetup", () => {
  it("goes on when the earlier half-made app is already gone", async () => {
    const { auth, mfa } = authWith({ code: "mfa_factor_not_found", message: "Factor not found", status: 404 });
    const setup = await startSetup(auth, "Authenticator app");
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: "old" });
    expect(setup).toMatchObject({ factorId: "new", secret: "SECRET" });
  });

  it("stops with the operator's sentence on any other refusal", async () => {
    const { auth, mfa } = authWith({ code: "insufficient_aal", message: "AAL2 required", status: 401 });
    await expect(startSetup(auth, "Authenticator app")).rejects.toThrow();
    expect(mfa.enroll).not.toHaveBeenCalled();
  });
});
