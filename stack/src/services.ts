// The services the gateway mounts, in routing order.
import { createAuthService } from "./auth/index.js";
import type { Service, StackContext } from "./context.js";
import { createFunctionsService } from "./functions/index.js";
import { createMailService } from "./mail/index.js";
import { createRealtimeService } from "./realtime/index.js";
import { createRestServices } from "./rest/index.js";
import { createStorageService } from "./storage/index.js";
import { createVectorService } from "./vectors/index.js";

export function createServices(ctx: StackContext): Service[] {
  return [
    ...createRestServices(ctx),
    createAuthService(ctx),
    createMailService(ctx),
    // Before storage: the gateway routes by the first matching prefix.
    createVectorService(ctx),
    createStorageService(ctx),
    createFunctionsService(ctx),
    createRealtimeService(ctx),
  ];
}
