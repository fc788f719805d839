import { createHash } from "node:crypto";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { STYLE_SHEETS_BY_VARIANT, staticStyles, VARIANTS, variantName } from "./scripts/antdStaticStyles.ts";

// CommonJS packages are kept whole unless declared free of side effects; papaparse is only
// used by Refine's CSV import/export hooks, so this keeps it off the sign-in route.
const SIDE_EFFECT_FREE = ["/node_modules/papaparse/"];

/**
 * antd's styles as static stylesheets in the build (scripts/antdStaticStyles.ts), one per
 * theme and motion preference; index.html loads the one the page starts in, before the
 * console's own stylesheet (antd's runtime styles come first too) and before any script runs.
 */
function antdStaticStyles(): Plugin {
  const files: Record<string, string> = {};
  return {
    name: "opsdesk:antd-static-styles",
    apply: "build",
    buildStart() {
      for (const variant of VARIANTS) {
        const source = staticStyles(variant);
        const hash = createHash("sha256").update(source).digest("hex").slice(0, 10);
        const fileName = `assets/antd-${variantName(variant)}-${hash}.css`;
        this.emitFile({ type: "asset", fileName, source });
        files[variantName(variant)] = `/${fileName}`;
      }
    },
    transformIndexHtml: {
      order: "post",
      handler: (html) => {
        const load = `<script>${STYLE_SHEETS_BY_VARIANT}(${JSON.stringify(files)});</script>`;
        const at = html.search(/<link rel="stylesheet"|<script type="module"/);
        if (at < 0) throw new Error("index.html has no stylesheet or module script to load antd's styles before");
        return html.slice(0, at) + load + html.slice(at);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), antdStaticStyles()],
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  build: {
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.some((path) => id.includes(path)) },
    },
  },
});
