// Unit tests in jsdom: what the browser has and jsdom lacks, for antd's components.
// jsdom has no matchMedia; antd's grid, table and pagination ask it for breakpoints. A test
// that needs answers of its own (prefers-reduced-motion) sets its own.
if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The console's resources come from a project's live schema (src/schema); the unit tests of its
// screens and providers run on the demo store's, generated from its describe() answer with the
// demo's overrides merged (src/schema/demoSchema.ts). Each file starts from them (the files
// share one module graph: vitest.config.ts).
import { setLiveResources } from "./src/resources";
import { demoResources } from "./src/schema/demoSchema";

setLiveResources(await demoResources());
