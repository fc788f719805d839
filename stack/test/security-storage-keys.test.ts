// Long object names with nothing but the anon key: a key segment longer than a file
// name may be (255 bytes once percent-encoded) is still stored, listed, downloaded,
// moved, copied and signed; a key over 1 024 bytes (S3's limit, behind hosted storage)
// is storage's 400 InvalidKey, never a 500.
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const ASCII_300 = `${"a".repeat(296)}.txt`;
/** 36 characters, 324 bytes percent-encoded as 9 bytes each: over NAME_MAX. */
const JAPANESE = `${"日本語のファイル名".repeat(4)}.txt`;
/** 341 distinct kanji, 1 023 bytes: the longest key storage takes, 3 KB percent-encoded. */
const KANJI_1023_BYTES = Array.from({ length: 341 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000)));
/** 12 folders of 28 kanji, each 252 bytes percent-encoded (within NAME_MAX): a 3 KB path. */
const DEEP_JAPANESE = Array.from({ length: 12 }, (_, i) => KANJI_1023_BYTES.slice(i * 28, i * 28 + 28).join("")).join(
  "/",
);

describe("security: storage keys longer than the file system's names", () => {
  let stack: TestStack;
  let bucket: ReturnType<SupabaseClient["storage"]["from"]>;

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "security") });
    bucket = stack.anon().storage.from("open");
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    ["300 ASCII characters", `long/${ASCII_300}`, "long"],
    ["36 Japanese characters", `資料/${JAPANESE}`, "資料"],
    ["336 Japanese characters in 12 folders", DEEP_JAPANESE, DEEP_JAPANESE.slice(0, DEEP_JAPANESE.lastIndexOf("/"))],
    ["1 023 bytes of kanji in one name", `${KANJI_1023_BYTES.join("")}`, ""],
  ])("stores, lists, downloads, moves, copies and signs a key of %s", async (_name, key, folder) => {
    const body = `bytes of ${key.length}`;
    const up = await bucket.upload(key, body, { contentType: "text/plain" });
    expect(up.error).toBeNull();
    expect(up.data?.path).toBe(key);

    const listed = await bucket.list(folder);
    expect(listed.error).toBeNull();
    expect(listed.data?.map((o) => o.name)).toContain(folder ? key.slice(folder.length + 1) : key);

    const down = await bucket.download(key);
    expect(down.error).toBeNull();
    expect(await down.data?.text()).toBe(body);

    const signed = await bucket.createSignedUrl(key, 60);
    expect(signed.error).toBeNull();
    const viaSigned = await fetch(signed.data?.signedUrl as string);
    expect(viaSigned.status).toBe(200);
    expect(await viaSigned.text()).toBe(body);

    // Same length, another name: a suffix would pass the limit for the longest key.
    const copy = `${key.slice(0, -2)}c1`;
    expect((await bucket.copy(key, copy)).error).toBeNull();
    const moved = `${key.slice(0, -2)}m1`;
    expect((await bucket.move(key, moved)).error).toBeNull();
    expect((await bucket.download(key)).error).toMatchObject({ status: 400 });
    expect(await (await bucket.download(moved)).data?.text()).toBe(body);
    expect(await (await bucket.download(copy)).data?.text()).toBe(body);

    const removed = await bucket.remove([moved, copy]);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(2);
  });

  it.each([
    ["1 025 ASCII characters", "k".repeat(1025)],
    ["342 kanji (1 026 bytes)", `${KANJI_1023_BYTES.join("")}鍵`],
    ["1 025 kanji", "鍵".repeat(1025)],
  ])("answers 400 InvalidKey for a key of %s", async (_name, key) => {
    const res = await fetch(`${stack.url}/storage/v1/object/open/${encodeURIComponent(key)}`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, authorization: `Bearer ${stack.keys.anon}`, "content-type": "text/plain" },
      body: "x",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: "400", error: "InvalidKey" });
  });
});
