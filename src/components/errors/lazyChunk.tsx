// Lazily loaded screens and shells whose failed load can be tried again. React.lazy keeps a
// failed import for good, so a chunk that did not arrive (a dropped connection, or a deploy
// that replaced the files) would stay broken until a page reload; a chunk made here starts a
// fresh import once the error panel's retry calls `retryFailedChunks()`.
import { type ComponentType, lazy } from "react";

/** An import of a console chunk failed: the panel offers a retry rather than reporting a bug. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ChunkLoadError";
  }
}

const failedChunks = new Set<() => void>();

export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (cause) => {
          failedChunks.add(reset);
          throw new ChunkLoadError(cause);
        },
      ),
    );
  let Loaded = make();
  const reset = () => {
    Loaded = make();
  };
  return function Chunk(props: P) {
    return <Loaded {...props} />;
  };
}

/** Forgets every failed import, so the next render of those chunks loads them again. */
export function retryFailedChunks(): void {
  for (const reset of failedChunks) reset();
  failedChunks.clear();
}
