// Uploads (POST new / PUT replace) and uploads to a signed upload URL. These routes
// live in a scope without body parsers: the bytes stream from the socket to disk.
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { StackContext } from "../../context.js";
import { callerOf } from "../caller.js";
import type { DiskStore } from "../disk.js";
import { objectTarget } from "../keys.js";
import { type UploadToken, verifyToken } from "../tokens.js";
import { uploadObject } from "../upload.js";

export async function registerWriteRoutes(app: FastifyInstance, ctx: StackContext, store: DiskStore): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(multipart);
  // Every other body is the file itself, read from the raw request by the uploader.
  app.addContentTypeParser("*", (_req, _payload, done) => done(null, undefined));

  app.post("/object/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/");
    const caller = await callerOf(ctx, req);
    return uploadObject(ctx, store, req, { bucket, key, caller, upsert: req.headers["x-upsert"] === "true" });
  });

  app.put("/object/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/");
    const caller = await callerOf(ctx, req);
    return uploadObject(ctx, store, req, { bucket, key, caller, upsert: true });
  });

  // The token is the authority: the row is written with the service role, owned by
  // whoever created the signed URL.
  app.put("/object/upload/sign/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/upload/sign/");
    const token = await verifyToken<UploadToken>(ctx, (req.query as Record<string, unknown>).token, bucket, key);
    const owner = token.owner ?? null;
    const caller = { role: "service_role", claims: { role: "service_role", ...(owner ? { sub: owner } : {}) }, owner };
    return uploadObject(ctx, store, req, { bucket, key, caller, upsert: token.upsert === true });
  });
}

export function isOpenWrite(path: string, method: string): boolean {
  return method === "PUT" && path.startsWith("/object/upload/sign/");
}
