import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// CommonJS packages are kept whole unless declared free of side effects; papaparse is only
// used by Refine's CSV import/export hooks, so this keeps it off the sign-in route.
const SIDE_EFFECT_FREE = ["/node_modules/papaparse/"];

export default defineConfig({
  plugins: [react()],
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  build: {
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.some((path) => id.includes(path)) },
    },
  },
});
