// Storage API at /storage/v1 (storage-api's protocol): buckets and objects with
// metadata rows in storage.*, access decided by RLS as the caller, bytes on disk
// under <dataDir>/storage.
import type { Service, StackContext } from "../context.js";
import { guardJsonDepth } from "../shared/request-faults.js";
import { FASTIFY_DEFAULTS, validatedRoutes } from "../shared/validation.js";
import { DiskStore } from "./disk.js";
import { storageRequestFault, storageValidationError } from "./errors.js";
import { registerBucketRoutes } from "./http/buckets.js";
import { registerListV2Route } from "./http/list-v2.js";
import { registerDeleteManyRoute, registerDeleteRoute } from "./http/object-delete.js";
import { registerListRoute } from "./http/object-list.js";
import { registerSignManyRoute, registerSignRoute, registerUploadSignRoute } from "./http/object-sign.js";
import { registerCopyRoute, registerMoveRoute } from "./http/object-transfer.js";
import { isOpenRead, registerReadRoutes } from "./http/read.js";
import { registerRenderRoutes } from "./http/render.js";
import { isOpenWrite, registerWriteRoutes } from "./http/write.js";
import { STORAGE_PREFIX } from "./keys.js";
import { upsertConfiguredBucket } from "./queries.js";

/** `bucketsReady`: the configured buckets are in the database already (a QA world's copy). */
export function createStorageService(
  ctx: StackContext,
  options: { bucketsReady: boolean } = { bucketsReady: false },
): Service {
  const store = new DiskStore(ctx.dataDir);
  return {
    name: "storage",
    prefix: STORAGE_PREFIX,
    isOpen: (path, method) => isOpenRead(path, method) || isOpenWrite(path, method),
    frameworkError: storageRequestFault,
    async register(scope) {
      guardJsonDepth(scope);
      const app = validatedRoutes(scope, {
        ajv: { ...FASTIFY_DEFAULTS, strictNumbers: true },
        failure: storageValidationError,
      });
      app.get("/status", async () => ({ status: "ok" }));
      registerBucketRoutes(app, ctx, store);
      registerReadRoutes(app, ctx, store);
      registerListRoute(app, ctx);
      registerMoveRoute(app, ctx, store);
      registerCopyRoute(app, ctx, store);
      registerDeleteManyRoute(app, ctx, store);
      registerDeleteRoute(app, ctx, store);
      registerSignManyRoute(app, ctx);
      registerSignRoute(app, ctx);
      registerUploadSignRoute(app, ctx);
      registerListV2Route(app, ctx);
      registerRenderRoutes(app, ctx, store);
      await app.register(async (uploads) => registerWriteRoutes(uploads, ctx, store));
    },
    async start() {
      // A world's storage folder is new (docs/qa.md): nothing to sweep, its buckets are the template's.
      if (options.bucketsReady) return;
      const swept = await store.sweepTemporary();
      if (swept > 0) ctx.log.info(`storage: removed ${swept} partial upload(s) left by a stopped stack`);
      for (const [id, bucket] of Object.entries(ctx.config.storage.buckets)) {
        await upsertConfiguredBucket(ctx.db.admin, id, {
          public: bucket.public,
          file_size_limit: bucket.file_size_limit ?? null,
          allowed_mime_types: bucket.allowed_mime_types?.length ? bucket.allowed_mime_types : null,
        });
      }
    },
  };
}
