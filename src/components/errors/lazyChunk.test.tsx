// @vitest-environment jsdom
// A chunk loaded ahead renders at once, without its Suspense spinner; the chunks of a route's
// element tree are found and loaded; a failed load is retried by the chunk's own render.
import { act, cleanup, render, screen } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ChunkLoadError, lazyChunk, preloadChunksIn } from "./lazyChunk";

afterEach(cleanup);

const Screen = ({ name }: { name: string }) => <p>{name}</p>;
const Frame = ({ children }: { children: ReactNode }) => <section>{children}</section>;

/** A chunk whose import the test resolves or fails by hand, counting the imports. */
function manualChunk() {
  const imports: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const chunk = lazyChunk(
    () =>
      new Promise<typeof Screen>((resolve, reject) => {
        imports.push({ resolve: () => resolve(Screen), reject });
      }),
  );
  return { chunk, imports };
}

const inSuspense = (node: ReactNode) => <Suspense fallback={<p>loading</p>}>{node}</Suspense>;

describe("lazyChunk", () => {
  it("suspends when rendered before it has loaded", async () => {
    const { chunk: Chunk, imports } = manualChunk();
    render(inSuspense(<Chunk name="Products" />));
    expect(screen.getByText("loading")).toBeTruthy();
    await act(async () => imports[0].resolve());
    expect(await screen.findByText("Products")).toBeTruthy();
  });

  it("renders at once, without the spinner, once preloaded", async () => {
    const { chunk: Chunk, imports } = manualChunk();
    const preloaded = Chunk.preload();
    imports[0].resolve();
    await preloaded;
    render(inSuspense(<Chunk name="Products" />));
    expect(screen.queryByText("loading")).toBeNull();
    expect(screen.getByText("Products")).toBeTruthy();
    expect(imports).toHaveLength(1);
  });

  it("imports again after a failed load", async () => {
    const { chunk: Chunk, imports } = manualChunk();
    const first = Chunk.preload();
    imports[0].reject(new Error("offline"));
    await expect(first).rejects.toBeInstanceOf(ChunkLoadError);
    const second = Chunk.preload();
    imports[1].resolve();
    await second;
    render(<Chunk name="Orders" />);
    expect(screen.getByText("Orders")).toBeTruthy();
  });
});

describe("preloadChunksIn", () => {
  it("loads every chunk inside a route's element tree, and no other", async () => {
    const shell = manualChunk();
    const list = manualChunk();
    const other = manualChunk();
    const loaded = preloadChunksIn([
      <Frame key="layout">
        <shell.chunk name="Shell" />
      </Frame>,
      <Frame key="screen">
        <Frame>{[<list.chunk key="list" name="List" />, "text", null]}</Frame>
      </Frame>,
    ]);
    expect([shell.imports.length, list.imports.length, other.imports.length]).toEqual([1, 1, 0]);
    shell.imports[0].resolve();
    list.imports[0].resolve();
    await loaded;
    render(<list.chunk name="List" />);
    expect(screen.getByText("List")).toBeTruthy();
  });

  it("settles when a chunk fails, leaving it to its render", async () => {
    const broken = manualChunk();
    const loaded = preloadChunksIn([<broken.chunk key="broken" name="Broken" />]);
    broken.imports[0].reject(new Error("offline"));
    await expect(loaded).resolves.toBeUndefined();
  });
});
