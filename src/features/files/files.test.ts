import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../i18n/messages";
import { documentPath, fileColumnPath, fileNameOf, newImagePath, safeFileName } from "../../lib/filePaths";
import { acceptOf, fileProblem, imagesOnly, isImagePath, ORDER_DOCUMENTS, PRODUCT_IMAGES } from "./limits";
import { limitsFromBucket } from "./liveLimits";
import { storageErrorMessage } from "./storageErrors";
import { fileTypeOf } from "./useFileCheck";

const english = (_key: string, text: string) => text;

describe("fileProblem", () => {
  it("accepts an image of the allowed types up to exactly 5 MB", () => {
    for (const type of ["image/png", "image/jpeg", "image/webp", "IMAGE/PNG"]) {
      expect(fileProblem({ size: 5 * 1024 * 1024, type }, PRODUCT_IMAGES)).toBeNull();
    }
  });

  it("refuses a byte more, other types and empty files", () => {
    expect(fileProblem({ size: 5 * 1024 * 1024 + 1, type: "image/png" }, PRODUCT_IMAGES)).toBe("tooLarge");
    expect(fileProblem({ size: 10, type: "image/gif" }, PRODUCT_IMAGES)).toBe("wrongType");
    expect(fileProblem({ size: 10, type: "" }, PRODUCT_IMAGES)).toBe("wrongType");
    expect(fileProblem({ size: 0, type: "image/png" }, PRODUCT_IMAGES)).toBe("empty");
    expect(fileProblem({ size: 10, type: "image/png" }, ORDER_DOCUMENTS)).toBe("wrongType");
    expect(fileProblem({ size: 10 * 1024 * 1024, type: "application/pdf" }, ORDER_DOCUMENTS)).toBeNull();
  });

  it("offers the bucket's types and extensions to the file picker", () => {
    expect(acceptOf(ORDER_DOCUMENTS)).toBe("application/pdf,.pdf");
  });
});

describe("fileTypeOf (the type a file's first bytes show)", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);
  const PDF = Buffer.from("%PDF-1.4\n% test\n");
  const blob = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

  it("reads PNG, JPEG, WebP and PDF from their signatures, whatever the file claims", async () => {
    expect(await fileTypeOf(blob(PNG, "application/pdf"))).toBe("image/png");
    expect(await fileTypeOf(blob(JPEG, ""))).toBe("image/jpeg");
    expect(await fileTypeOf(blob(WEBP, "image/png"))).toBe("image/webp");
    expect(await fileTypeOf(blob(PDF, "image/png"))).toBe("application/pdf");
  });

  it("finds no image in a text file named .png, so the bucket's rule refuses it", async () => {
    const text = blob(Buffer.from("just some text, not an image"), "image/png");
    const type = await fileTypeOf(text);
    expect(type).toBe("");
    expect(fileProblem({ size: text.size, type }, PRODUCT_IMAGES)).toBe("wrongType");
    // A PDF named .png is no image either, and a PNG no document.
    expect(fileProblem({ size: 10, type: await fileTypeOf(blob(PDF, "image/png")) }, PRODUCT_IMAGES)).toBe("wrongType");
    expect(fileProblem({ size: 10, type: await fileTypeOf(blob(PNG, "application/pdf")) }, ORDER_DOCUMENTS)).toBe(
      "wrongType",
    );
  });
});

describe("object paths", () => {
  it("puts a new image under its record with a fresh name and the type's extension", () => {
    expect(newImagePath(42, "image/jpeg", () => "abc")).toBe("42/abc.jpg");
    expect(newImagePath("7", "image/webp", () => "x")).toBe("7/x.webp");
  });

  it("makes document names storage-safe and keeps them readable", () => {
    expect(safeFileName("Rechnung März 2025.PDF")).toBe("Rechnung_Marz_2025.pdf");
    expect(safeFileName("../../etc/passwd")).toBe("etc_passwd");
    expect(safeFileName("a/b\\c?.pdf")).toBe("a_b_c.pdf");
    expect(safeFileName("???.pdf")).toBe("file.pdf");
    expect(safeFileName(`${"x".repeat(300)}.pdf`)).toHaveLength(100);
    expect(documentPath(5, "Lieferschein (1).pdf")).toBe("5/Lieferschein_(1).pdf");
    expect(fileNameOf("5/Lieferschein.pdf")).toBe("Lieferschein.pdf");
  });
});

describe("storageErrorMessage", () => {
  it("says docs/product.md §8's limits for too large and wrong type", () => {
    expect(storageErrorMessage({ message: "too big", statusCode: "413" }, PRODUCT_IMAGES, english)).toBe(
      "Files must be PNG, JPEG or WebP up to 5 MB.",
    );
    expect(storageErrorMessage({ message: "mime", statusCode: "415" }, ORDER_DOCUMENTS, english)).toBe(
      "Files must be PDF up to 10 MB.",
    );
  });

  it("maps denied, duplicate, missing and network errors", () => {
    expect(storageErrorMessage({ message: "rls", statusCode: "403" }, PRODUCT_IMAGES, english)).toBe(
      MESSAGES.forbidden,
    );
    expect(storageErrorMessage({ message: "dup", statusCode: "409" }, ORDER_DOCUMENTS, english)).toBe(
      "A file with this name already exists.",
    );
    expect(storageErrorMessage({ message: "gone", statusCode: "404" }, ORDER_DOCUMENTS, english)).toBe(
      "This file no longer exists.",
    );
    expect(
      storageErrorMessage({ message: "Failed to fetch", name: "StorageUnknownError" }, PRODUCT_IMAGES, english),
    ).toBe(MESSAGES.network);
    expect(storageErrorMessage({ message: "odd", statusCode: "500" }, PRODUCT_IMAGES, english)).toBe("odd");
  });

  it("tells no answer from an answer by the error's class, never by its words", () => {
    // The storage service answered (StorageApiError): its words, even when they mention fetching.
    const answered = { message: "Could not fetch the object", name: "StorageApiError", statusCode: "500" };
    expect(storageErrorMessage(answered, PRODUCT_IMAGES, english)).toBe("Could not fetch the object");
    // No answer (the gateway said its service is down): what fetch threw, whatever it says.
    const unreachable = Object.assign(new TypeError("upstream connect error"), { name: "ServerUnreachable" });
    expect(
      storageErrorMessage(
        { message: "Load failed", name: "StorageError", originalError: unreachable },
        PRODUCT_IMAGES,
        english,
      ),
    ).toBe(MESSAGES.network);
  });
});

describe('a file column\'s bucket (docs/any-project.md, "File columns")', () => {
  const avatars = limitsFromBucket({
    id: "avatars",
    public: true,
    file_size_limit: 1048576,
    allowed_mime_types: ["image/png", "image/jpeg"],
  });

  it("takes the live bucket's size and types, and says them", () => {
    expect(fileProblem({ size: 1048576, type: "image/png" }, avatars)).toBeNull();
    expect(fileProblem({ size: 1048577, type: "image/png" }, avatars)).toBe("tooLarge");
    expect(fileProblem({ size: 10, type: "application/pdf" }, avatars)).toBe("wrongType");
    expect(avatars.rule).toEqual({
      key: "files.bucketRule",
      text: "Files must be {{types}} up to {{size}}.",
      values: { types: "image/png, image/jpeg", size: "1 MB" },
    });
    expect(storageErrorMessage({ message: "big", statusCode: "413" }, avatars, english)).toBe(
      "Files must be image/png, image/jpeg up to 1 MB.",
    );
    expect(imagesOnly(avatars)).toBe(true);
    expect(avatars.public).toBe(true);
  });

  it("matches type/* as Storage does, and takes any type (by the declared one) where the bucket names none", () => {
    const images = limitsFromBucket({ id: "i", public: false, file_size_limit: null, allowed_mime_types: ["image/*"] });
    expect(fileProblem({ size: 5, type: "image/gif" }, images)).toBeNull();
    expect(fileProblem({ size: 5, type: "text/plain" }, images)).toBe("wrongType");
    const any = limitsFromBucket({ id: "a", public: false, file_size_limit: null, allowed_mime_types: null });
    expect(fileProblem({ size: 5, type: "text/csv" }, any)).toBeNull();
    expect(fileProblem({ size: 0, type: "text/csv" }, any)).toBe("empty");
    expect(any.rule.key).toBe("files.bucketAnyRule");
    expect(any.declaredTypeFallback).toBe(true);
    expect(imagesOnly(any)).toBe(false);
    // The demo's buckets keep trusting only what a file's bytes prove.
    expect(PRODUCT_IMAGES.declaredTypeFallback).toBeUndefined();
  });

  it("stores each upload under the column's folder with a fresh name", () => {
    const column = { schema: "public", table: "profiles", name: "avatar_url" };
    expect(fileColumnPath(column, { name: "Me.PNG" }, "image/png", () => "u1")).toBe(
      "public/profiles/avatar_url/u1.png",
    );
    expect(fileColumnPath(column, { name: "Invoice 7.PDF" }, "application/pdf", () => "u2")).toBe(
      "public/profiles/avatar_url/u2.pdf",
    );
    expect(fileColumnPath(column, { name: "../../etc/passwd" }, "", () => "u3")).toBe("public/profiles/avatar_url/u3");
  });

  it("shows images as previews and other files as downloads, by the object's name", () => {
    expect(isImagePath("public/profiles/avatar_url/u1.webp")).toBe(true);
    expect(isImagePath("billing/invoices/pdf_path/u2.pdf")).toBe(false);
  });
});
