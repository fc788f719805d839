// @vitest-environment jsdom
// A key to a stored file on lists and record pages (docs/any-project.md, "Keys to stored
// objects"): the object's bucket and path once storage lets the operator read it, its id where it
// does not; the ids a screen shows are asked in one call.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { backend } from "../../providers/backend";
import { createStoredObjects } from "../../providers/storedObjects";
import type { FieldDefinition } from "../../resources/types";
import { renderField } from "./fieldKinds";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const READABLE = "0b5e6c1e-7b1a-4f4e-9a51-2d1c7c1f0001";
const HIDDEN = "0b5e6c1e-7b1a-4f4e-9a51-2d1c7c1f0002";

describe("a key to a stored file", () => {
  it("shows the object's bucket, path and size where it may be read, the id where not, in one request", async () => {
    const rpc = vi.fn(async (_name: string, args: { ids: string[] }) => ({
      data: args.ids.includes(READABLE)
        ? [
            {
              id: READABLE,
              bucket_id: "contracts",
              name: "5aa5/nda.pdf",
              size: 2048,
              mimetype: "application/pdf",
              created_at: "2026-11-28T07:00:00Z",
            },
          ]
        : [],
      error: null,
    }));
    const client = { schema: () => ({ rpc }) } as unknown as Parameters<typeof createStoredObjects>[0];
    vi.spyOn(backend, "storedObjects").mockReturnValue(createStoredObjects(client));
    const field: FieldDefinition = {
      name: "storage_object_id",
      label: "Storage object",
      type: "text",
      storedObject: true,
    };
    render(
      <>
        {renderField(field, { storage_object_id: READABLE })}
        {renderField(field, { storage_object_id: HIDDEN })}
      </>,
    );
    expect(await screen.findByRole("button", { name: /contracts\/5aa5\/nda\.pdf/ })).toBeTruthy();
    expect(screen.getByText("2.0 KB")).toBeTruthy();
    expect(screen.getByText(HIDDEN)).toBeTruthy();
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc.mock.calls[0][1]).toEqual({ ids: [READABLE, HIDDEN] });
  });
});
