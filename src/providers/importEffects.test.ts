// Importing the providers starts nothing (docs/architecture.md, "Console layers"): no client,
// so no session read, token refresh or socket, until the page or the console starts them.
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";

vi.mock("@supabase/supabase-js", async (original) => ({
  ...(await original<typeof import("@supabase/supabase-js")>()),
  createClient: vi.fn(),
}));

describe("provider modules", () => {
  it("make no client when imported", async () => {
    await import("./index");
    await import("./backend");
    await import("./queryClient");
    await import("./permissionStore");
    expect(createClient).not.toHaveBeenCalled();
  });

  it("make the one client on first use", async () => {
    const { consoleClient } = await import("./supabaseClient");
    vi.mocked(createClient).mockReturnValue({} as ReturnType<typeof createClient>);
    expect(consoleClient()).toBe(consoleClient());
    expect(createClient).toHaveBeenCalledTimes(1);
  });
});
