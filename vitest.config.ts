import { configDefaults, defineConfig } from "vitest/config";

/** Console tests that need a real stack (Postgres): they run with the app project. */
const STACK_TESTS_IN_APP = "src/**/*.stack.test.ts";

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
            "install/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, STACK_TESTS_IN_APP],
          environment: "node",
          setupFiles: ["vitest.setup.ts"],
          // Through Vite like the test files, so Refine's router bindings and the tests share
          // one copy of react-router (and so one router context).
          server: { deps: { inline: ["@refinedev/react-router"] } },
          // One module graph per worker, not per file: the files are pure and cheap, and
          // importing React, antd and Refine afresh for each took three quarters of the time.
          isolate: false,
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
          // Files start their own stacks and keep no module state between them, so a worker
          // runs them one after another in one module graph: importing the stack afresh for
          // each file cost a quarter of the project's CPU.
          isolate: false,
        },
      },
      {
        // Opsdesk's own backend (supabase/: schema, policies, RPCs, edge functions) and
        // the console's stack tests, through the stack, on its Postgres and harness.
        test: {
          name: "app",
          include: ["supabase/tests/**/*.test.ts", "install/tests/**/*.test.ts", STACK_TESTS_IN_APP],
          globalSetup: ["stack/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
