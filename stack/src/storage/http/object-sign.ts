// Signed URLs: POST /object/sign/{bucket}/{key} (one download, with a transformation
// when image transformations are on), /object/sign/{bucket} (many, by `paths`) and
// /object/upload/sign/{bucket}/{key} (an upload the caller may make). The caller
// must be able to see (or create) the object when the URL is signed.
import { randomUUID } from "node:crypto";
import type { Static } from "@sinclair/typebox";
import type { StackContext } from "../../context.js";
import type { RouteApp } from "../../shared/validation.js";
import { callerOf, runAs } from "../caller.js";
import { ERRORS } from "../errors.js";
import { bucketTarget, objectTarget } from "../keys.js";
import { findObject, writeObject } from "../queries.js";
import { signToken } from "../tokens.js";
import { transformationSegments } from "../transform.js";
import { SignObjectBody, SignObjectsBody } from "./schemas.js";

const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

/**
 * storage-api's signObjectUrl: with image transformations on, a non-empty
 * `transform` goes into the token and the URL renders the image.
 */
async function signedDownloadUrl(
  ctx: StackContext,
  bucket: string,
  key: string,
  expiresIn: number,
  options: Static<typeof SignObjectBody>["transform"] = {},
) {
  const transformations = ctx.config.storage.image_transformation.enabled
    ? transformationSegments(options, true).join(",")
    : "";
  const claims = { url: `${bucket}/${key}`, ...(transformations ? { transformations } : {}) };
  const token = await signToken(ctx, claims, expiresIn);
  return `/${transformations ? "render/image" : "object"}/sign/${bucket}/${key}?token=${token}`;
}

export function registerSignManyRoute(app: RouteApp, ctx: StackContext): void {
  app.post("/object/sign/:bucket", { schema: { body: SignObjectsBody } }, async (req) => {
    const { expiresIn, paths } = req.body;
    const caller = await callerOf(ctx, req);
    const bucket = bucketTarget(req.url, "/object/sign/");
    const visible = await runAs(ctx, req, caller, "storage.object.sign", async (client) => {
      const { rows } = await client.query<{ name: string }>(
        "select name from storage.objects where bucket_id = $1 and name = any($2)",
        [bucket, paths],
      );
      return new Set(rows.map((r) => r.name));
    });
    return Promise.all(
      paths.map(async (path) => {
        if (!visible.has(path)) {
          return { error: "Either the object does not exist or you do not have access to it", path, signedURL: null };
        }
        const token = await signToken(ctx, { url: `${bucket}/${path}` }, expiresIn);
        return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
      }),
    );
  });
}

export function registerSignRoute(app: RouteApp, ctx: StackContext): void {
  app.post("/object/sign/*", { schema: { body: SignObjectBody } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const { bucket, key } = objectTarget(req.url, "/object/sign/");
    const row = await runAs(ctx, req, caller, "storage.object.sign", (client) => findObject(client, bucket, key));
    if (!row) throw ERRORS.noSuchKey();
    return { signedURL: await signedDownloadUrl(ctx, bucket, key, req.body.expiresIn, req.body.transform) };
  });
}

export function registerUploadSignRoute(app: RouteApp, ctx: StackContext): void {
  app.post("/object/upload/sign/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/upload/sign/");
    const caller = await callerOf(ctx, req);
    const upsert = req.headers["x-upsert"] === "true";
    // The same probe as an upload: the caller must be allowed to create this object.
    await runAs(
      ctx,
      req,
      caller,
      "storage.object.upload_sign",
      (client) =>
        writeObject(
          client,
          { bucket, name: key, owner: caller.owner, version: randomUUID(), metadata: null, userMetadata: null },
          upsert,
        ),
      { rollback: true },
    );
    const token = await signToken(ctx, { owner: caller.owner, url: `${bucket}/${key}`, upsert }, SIGNED_UPLOAD_SECONDS);
    return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token };
  });
}
