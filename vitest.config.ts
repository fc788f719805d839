import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/**/*.test.{ts,tsx}",
            "stack/src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "supabase/functions/**/*.test.ts",
          ],
          environment: "node",
          // Through Vite like the test files, so Refine's router bindings and the tests share
          // one copy of react-router (and so one router context).
          server: { deps: { inline: ["@refinedev/react-router"] } },
        },
      },
      {
        test: {
          name: "stack",
          include: ["stack/test/**/*.test.ts"],
          globalSetup: ["stack/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share one Postgres; two at a time keeps the 2-core machine responsive.
          maxWorkers: 2,
        },
      },
    ],
  },
});
