// Importing the providers starts nothing (docs/architecture.md, "Console layers"): no client,
// so no session read, token refresh or socket, until the page or the console starts them.
// Each test imports the providers afresh with supabase-js's createClient replaced: the unit
// project shares one module graph between files, where another file may have made the client.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const createClient = vi.fn();

beforeEach(() => {
  vi.resetModules();
  createClient.mockReset();
  vi.doMock("@supabase/supabase-js", async (original) => ({
    ...(await original<typeof import("@supabase/supabase-js")>()),
    createClient,
  }));
});

afterEach(() => {
  vi.doUnmock("@supabase/supabase-js");
  vi.resetModules();
});

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
    createClient.mockReturnValue({});
    expect(consoleClient()).toBe(consoleClient());
    expect(createClient).toHaveBeenCalledTimes(1);
  });
});
