// Levenshtein distance (insertions, deletions, substitutions), shared by the two places
// that suggest a name: PostgREST's "Perhaps you meant" (rest/fuzzy.ts) and config.toml's
// "did you mean" (config/errors.ts).
export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
