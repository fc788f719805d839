// The services the gateway mounts, in routing order.
import { createAuthService } from "./auth/index.js";
import type { Service, StackContext } from "./context.js";
import { createFunctionsService } from "./functions/index.js";
import { createMailService } from "./mail/index.js";
import { createRealtimeService } from "./realtime/index.js";
import { createRestServices } from "./rest/index.js";
import type { SchemaCache } from "./rest/schema/index.js";
import { createStorageService } from "./storage/index.js";
import { createVectorService } from "./vectors/index.js";

/**
 * What a stack whose database is a copy of a prepared one (a QA world, docs/qa.md) can
 * skip at start: the REST schema cache is the template's, the configured buckets exist.
 */
interface WarmStart {
  schemaCache?: SchemaCache;
  bucketsReady?: boolean;
}

export function createServices(ctx: StackContext, warm: WarmStart = {}): Service[] {
  return [
    ...createRestServices(ctx, warm.schemaCache),
    createAuthService(ctx),
    createMailService(ctx),
    // Before storage: the gateway routes by the first matching prefix.
    createVectorService(ctx),
    createStorageService(ctx, { bucketsReady: warm.bucketsReady ?? false }),
    createFunctionsService(ctx),
    createRealtimeService(ctx),
  ];
}
