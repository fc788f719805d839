// @vitest-environment jsdom
// The Import CSV button hides without the right; an open import dialog stays, with its
// state, while access is asked again (another operator changed the role's permissions).
import { Refine } from "@refinedev/core";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ResourceDefinition } from "../../resources/types";
import { ImportButton } from "./ImportButton";

// The dialog stands in as a step counter: what must survive is the open dialog's own state.
vi.mock("./ImportDialog", () => ({
  ImportDialog: () => {
    const [step, setStep] = useState(1);
    return (
      <div role="dialog">
        <span>step {step}</span>
        <button type="button" onClick={() => setStep(step + 1)}>
          next
        </button>
      </div>
    );
  },
}));

const definition = { name: "categories", csvImport: true } as unknown as ResourceDefinition;

let queryClient: QueryClient;
function QueryClientHandle() {
  queryClient = useQueryClient();
  return null;
}

function renderButton(mayImport: () => boolean) {
  return render(
    <MemoryRouter initialEntries={["/categories"]}>
      <Refine
        resources={[{ name: "categories", list: "/categories" }]}
        accessControlProvider={{ can: async () => ({ can: mayImport() }) }}
        options={{ disableTelemetry: true }}
      >
        <ImportButton definition={definition} />
        <QueryClientHandle />
      </Refine>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("ImportButton", () => {
  it("keeps an open dialog's state while access is asked again, and hides only the button", {
    timeout: 30_000,
  }, async () => {
    let mayImport = true;
    renderButton(() => mayImport);
    fireEvent.click(await screen.findByRole("button", { name: /Import CSV/ }));
    fireEvent.click(await screen.findByRole("button", { name: "next" }));
    expect(screen.getByText("step 2")).toBeTruthy();

    // Access asked again, as the access watch does: the answer is briefly "no", then "yes".
    mayImport = false;
    await act(() => queryClient.invalidateQueries({ queryKey: ["access"] }));
    await waitFor(() => expect(screen.queryByRole("button", { name: /Import CSV/ })).toBeNull());
    expect(screen.getByText("step 2")).toBeTruthy();

    mayImport = true;
    await act(() => queryClient.invalidateQueries({ queryKey: ["access"] }));
    expect(await screen.findByRole("button", { name: /Import CSV/ })).toBeTruthy();
    expect(screen.getByText("step 2")).toBeTruthy();
  });

  it("shows no button to an operator without the right", { timeout: 30_000 }, async () => {
    renderButton(() => false);
    await act(() => queryClient.invalidateQueries({ queryKey: ["access"] }));
    expect(screen.queryByRole("button", { name: /Import CSV/ })).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
