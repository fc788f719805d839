// Checks a file in the browser before anything is sent: its size, and its type as its first
// bytes say (PNG, JPEG, WebP and PDF signatures), not its name or the type the browser guessed
// from the name. Refusals use docs/product.md §8's words. Storage checks size and declared type again;
// only the console can read the bytes (docs/everyday.md, "Upload types").
import { useTranslate } from "@refinedev/core";
import { fileTypeFromBlob } from "file-type";
import { type BucketLimits, fileProblem } from "./limits";

/** The MIME type the file's content shows, "" when its bytes match no known format. */
export async function fileTypeOf(file: Blob): Promise<string> {
  return (await fileTypeFromBlob(file))?.mime ?? "";
}

export type FileCheck = { refused: string } | { type: string };

export function useFileCheck(limits: BucketLimits) {
  const t = useTranslate();
  return async (file: File): Promise<FileCheck> => {
    const sniffed = file.size === 0 ? file.type : await fileTypeOf(file);
    // A live bucket of any type, or of types without a signature (text), takes the declared type.
    const type = sniffed || (limits.declaredTypeFallback ? file.type || "application/octet-stream" : "");
    const problem = fileProblem({ size: file.size, type }, limits);
    if (problem === "empty") return { refused: t("files.empty", "The file is empty.") };
    if (problem) return { refused: t(limits.rule.key, limits.rule.values ?? {}, limits.rule.text) };
    return { type };
  };
}
