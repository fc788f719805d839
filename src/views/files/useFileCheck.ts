// Refuses a file in the browser with SPEC §8's words before anything is sent.
import { useTranslate } from "@refinedev/core";
import { type BucketLimits, fileProblem } from "./limits";

export function useFileCheck(limits: BucketLimits) {
  const t = useTranslate();
  return (file: File): string | undefined => {
    const problem = fileProblem(file, limits);
    if (problem === "empty") return t("files.empty", "The file is empty.");
    if (problem) return t(limits.rule.key, limits.rule.text);
    return undefined;
  };
}
