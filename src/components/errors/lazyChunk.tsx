// Lazily loaded screens and shells whose failed load can be tried again. React.lazy keeps a
// failed import for good, so a chunk that did not arrive (a dropped connection, or a deploy
// that replaced the files) would stay broken until a page reload; a chunk made here starts a
// fresh import once the error panel's retry calls `retryFailedChunks()`.
//
// A chunk loaded ahead (`preload`) renders at once instead of suspending. That matters on a
// page load: each lazy screen inside another (console, shell, screen) showed its spinner in
// turn, and React holds back the content that replaces a spinner until 300 ms after the
// spinner appeared, so a list opened directly waited ~600 ms doing nothing.
import { type ComponentType, isValidElement, lazy, type ReactNode } from "react";

/** An import of a console chunk failed: the panel offers a retry rather than reporting a bug. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ChunkLoadError";
  }
}

const failedChunks = new Set<() => void>();

export interface Chunk<P extends object> {
  (props: P): ReactNode;
  /** Loads the chunk now; once it has arrived the chunk renders without suspending. */
  preload(): Promise<void>;
}

export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>): Chunk<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (cause) => {
        loading = undefined;
        failedChunks.add(reset);
        throw new ChunkLoadError(cause);
      },
    );
    return loading;
  };
  const make = () => lazy(() => loadOnce().then((component) => ({ default: component })));
  let Lazy = make();
  const reset = () => {
    Lazy = make();
  };
  const Chunk = (props: P) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  };
  Chunk.preload = () => loadOnce().then(() => undefined);
  return Chunk;
}

const isChunk = (type: unknown): type is Chunk<object> =>
  typeof type === "function" && typeof (type as Partial<Chunk<object>>).preload === "function";

/**
 * Loads every chunk an element tree renders (a route's element: its layout, guard and
 * screen), so that it renders at once. A chunk that fails to load here is left to its own
 * render, which shows the error panel.
 */
export async function preloadChunksIn(nodes: ReactNode[]): Promise<void> {
  const chunks = new Set<Chunk<object>>();
  const visit = (node: ReactNode) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isValidElement<{ children?: ReactNode }>(node)) return;
    if (isChunk(node.type)) chunks.add(node.type);
    visit(node.props.children);
  };
  nodes.forEach(visit);
  await Promise.all([...chunks].map((chunk) => chunk.preload().catch(() => undefined)));
}

/** Forgets every failed import, so the next render of those chunks loads them again. */
export function retryFailedChunks(): void {
  for (const reset of failedChunks) reset();
  failedChunks.clear();
}
