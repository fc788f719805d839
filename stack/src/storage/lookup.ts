// The three ways a download finds its object: as the caller (SELECT policy on
// storage.objects), in a public bucket (no key needed) or with a signed URL's token
// for exactly that object. Object downloads and image renders share them.
import type { FastifyRequest } from "fastify";
import type { StackContext } from "../context.js";
import { callerOf, runAs } from "./caller.js";
import { ERRORS } from "./errors.js";
import { objectTarget } from "./keys.js";
import { findBucket, findObject, type ObjectRow } from "./queries.js";
import { type DownloadToken, verifyToken } from "./tokens.js";

export type Lookup = (req: FastifyRequest, route: string) => Promise<ObjectRow>;

export function objectLookups(ctx: StackContext) {
  const asCaller: Lookup = async (req, route) => {
    const { bucket, key } = objectTarget(req.url, route);
    const caller = await callerOf(ctx, req);
    const row = await runAs(ctx, req, caller, "storage.object.get", (client) => findObject(client, bucket, key));
    if (!row) throw ERRORS.noSuchKey();
    return row;
  };

  const fromPublicBucket: Lookup = async (req, route) => {
    const { bucket, key } = objectTarget(req.url, route);
    const found = await findBucket(ctx.db.admin, bucket);
    if (!found?.public) throw ERRORS.noSuchBucket();
    const row = await findObject(ctx.db.admin, bucket, key);
    if (!row) throw ERRORS.noSuchKey();
    return row;
  };

  /** The token's claims ride along: a render reads its `transformations`. */
  const withToken = async (req: FastifyRequest, route: string): Promise<ObjectRow & { token: DownloadToken }> => {
    const { bucket, key } = objectTarget(req.url, route);
    const token = await verifyToken<DownloadToken>(ctx, (req.query as Record<string, unknown>).token, bucket, key);
    const row = await findObject(ctx.db.admin, bucket, key);
    if (!row) throw ERRORS.noSuchKey();
    return { ...row, token };
  };

  return { asCaller, fromPublicBucket, withToken };
}
