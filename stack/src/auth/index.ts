// GoTrue-compatible auth API at /auth/v1.
import type { Service, StackContext } from "../context.js";

export function createAuthService(_ctx: StackContext): Service {
  return {
    name: "auth",
    prefix: "/auth/v1",
    isOpen: (path) => path === "/health" || path === "/verify" || path === "/callback" || path === "/authorize",
    register(app) {
      app.get("/health", async () => ({
        version: "opsdesk-stack",
        name: "GoTrue",
        description: "GoTrue is a user registration and authentication API",
      }));
    },
  };
}
