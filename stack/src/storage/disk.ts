// Object bytes on the local file system. Each object is a folder named after its key
// holding one file per version (as storage-api's file backend does), so a key can be
// both an object and a folder prefix, and a new version never overwrites the bytes a
// reader is streaming. Files arrive in a temporary folder and are renamed into place;
// each temporary name starts with the writing process's pid, so what a killed process
// left half-written is swept at the next start (sweepTemporary).
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { copyFile, link, mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { ERRORS } from "./errors.js";
import { bucketDir, objectDir } from "./keys.js";

interface StoredFile {
  size: number;
  /** Quoted MD5 of the bytes, the ETag S3 and storage-api give a single-part object. */
  etag: string;
}

/** A temporary file older than this is swept even if its pid is alive again (reused by another process). */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DiskStore {
  readonly root: string;
  private readonly tmp: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, "storage");
    // Bucket folders never start with a dot (see keys.ts), so this cannot collide.
    this.tmp = path.join(this.root, ".tmp");
  }

  /** A new temporary file name, tagged with this process's pid. */
  private tmpName(): string {
    return path.join(this.tmp, `${process.pid}-${randomUUID()}`);
  }

  /**
   * Removes temporary files no running upload writes to: those of processes that are
   * gone (a stack killed mid-upload), untagged ones, and any untouched for a day.
   * Returns how many were removed.
   */
  async sweepTemporary(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tmp);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmp, name);
      const pid = Number(/^(\d+)-/.exec(name)?.[1]);
      let abandoned = !Number.isSafeInteger(pid) || pid === 0 || (pid !== process.pid && !processAlive(pid));
      if (!abandoned) {
        const modified = await stat(file).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        );
        abandoned = Date.now() - modified > ABANDONED_AFTER_MS;
      }
      if (!abandoned) continue;
      try {
        await rm(file, { force: true, recursive: true });
        removed++;
      } catch {
        // another sweep or the file system got there first; the next start tries again
      }
    }
    return removed;
  }

  private versionPath(bucket: string, key: string, version: string): string {
    return path.join(objectDir(this.root, bucket, key), version);
  }

  /**
   * Streams `source` into a new version of the object. Past `limit` bytes nothing more
   * is written and the rest of the body is drained (so the client still reads the 413).
   */
  async write(bucket: string, key: string, version: string, source: Readable, limit: number): Promise<StoredFile> {
    const target = this.versionPath(bucket, key, version);
    await mkdir(this.tmp, { recursive: true });
    const tmpFile = this.tmpName();
    const hash = createHash("md5");
    let size = 0;
    let tooLarge = false;
    const handle = await open(tmpFile, "wx");
    try {
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        size += bytes.length;
        if (size > limit) tooLarge = true;
        if (tooLarge) continue;
        hash.update(bytes);
        await handle.write(bytes);
      }
      if (tooLarge) throw ERRORS.tooLarge();
      await handle.close();
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmpFile, target);
      return { size, etag: `"${hash.digest("hex")}"` };
    } catch (err) {
      await handle.close().catch(() => {});
      await unlink(tmpFile).catch(() => {});
      throw err;
    }
  }

  /** Makes `to` a copy of `from` (hard link when possible: versions are immutable). */
  async duplicate(
    from: { bucket: string; key: string; version: string },
    to: { bucket: string; key: string; version: string },
  ): Promise<void> {
    const source = this.versionPath(from.bucket, from.key, from.version);
    const target = this.versionPath(to.bucket, to.key, to.version);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw ERRORS.noSuchKey();
      await mkdir(this.tmp, { recursive: true });
      const tmpFile = this.tmpName();
      await copyFile(source, tmpFile);
      await rename(tmpFile, target);
    }
  }

  async open(
    bucket: string,
    key: string,
    version: string,
    range?: { start: number; end: number },
  ): Promise<ReadStream> {
    const file = this.versionPath(bucket, key, version);
    try {
      await stat(file);
    } catch {
      throw ERRORS.noSuchKey();
    }
    return createReadStream(file, range);
  }

  /** Removes one version and prunes the folders it leaves empty. */
  async remove(bucket: string, key: string, version: string | null): Promise<void> {
    if (!version) return;
    const file = this.versionPath(bucket, key, version);
    await unlink(file).catch(() => {});
    const stop = bucketDir(this.root, bucket);
    for (let dir = path.dirname(file); dir.startsWith(stop + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty: an ancestor cannot be empty either
      }
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(bucketDir(this.root, bucket), { recursive: true, force: true });
  }
}
