// Which kind a project is, asked before the access watch joins its channel (accessRefresh.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { probeKind } from "./backendKind";

/** A client whose `opsdesk.schema_version()` answers `error` (or throws `thrown`). */
const clientAnswering = (error: { code: string; message: string } | null, thrown?: Error) =>
  ({
    schema: () => ({
      rpc: async () => {
        if (thrown) throw thrown;
        return { data: error ? null : "42", error };
      },
    }),
  }) as unknown as SupabaseClient;

describe("probeKind", () => {
  it("is opsdesk where schema_version() answers, missing where Opsdesk is not installed", async () => {
    expect(await probeKind(clientAnswering(null))).toBe("opsdesk");
    expect(await probeKind(clientAnswering({ code: "PGRST106", message: "schema not exposed" }))).toBe("missing");
    expect(await probeKind(clientAnswering({ code: "PGRST202", message: "no such function" }))).toBe("missing");
  });

  it("stays unknown when the answer says nothing about the kind (network, server error)", async () => {
    expect(
      await probeKind(clientAnswering({ code: "", message: "ServerUnreachable: Failed to fetch" })),
    ).toBeUndefined();
    expect(await probeKind(clientAnswering(null, new Error("offline")))).toBeUndefined();
  });
});
