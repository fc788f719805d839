// The "Perhaps you meant …" suggestions of PostgREST's errors come from a fuzzy
// string set (Haskell's Data.FuzzySet, a port of fuzzyset.js): names are compared by
// the cosine similarity of their 3-grams (2-grams when no 3-gram is shared), and the
// best candidates are then re-scored by Levenshtein distance.
import { levenshtein } from "../shared/levenshtein.js";

const GRAM_SIZES = [3, 2];
const LEVENSHTEIN_CANDIDATES = 50;

/** PostgREST suggests table and function names only from this score up. */
export const SUGGESTION_MIN_SCORE = 0.75;

/** Lower case, keeping only letters, digits, spaces and commas (underscores go). */
function normalize(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}, ]+/gu, "");
}

function gramCounts(normalized: string, size: number): Map<string, number> {
  const padded = `-${normalized}-`;
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const gram = padded.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function norm(counts: Map<string, number>): number {
  let sum = 0;
  for (const c of counts.values()) sum += c * c;
  return Math.sqrt(sum);
}

/** The candidate most like `value`, if its score reaches `minScore` (0.33 is Data.FuzzySet's default). */
export function closestMatch(candidates: Iterable<string>, value: string, minScore = 0.33): string | undefined {
  const target = normalize(value);
  const items = [...new Set(candidates)].map((original) => ({ original, normalized: normalize(original) }));
  for (const size of GRAM_SIZES) {
    const wanted = gramCounts(target, size);
    const wantedNorm = norm(wanted);
    const scored = items
      .map((item) => {
        const grams = gramCounts(item.normalized, size);
        let dot = 0;
        for (const [gram, count] of wanted) dot += count * (grams.get(gram) ?? 0);
        return { ...item, score: dot === 0 ? 0 : dot / (wantedNorm * norm(grams)) };
      })
      .filter((item) => item.score > 0);
    if (scored.length === 0) continue;
    scored.sort((a, b) => b.score - a.score);
    const rescored = scored.slice(0, LEVENSHTEIN_CANDIDATES).map((item) => ({
      ...item,
      score: 1 - levenshtein(target, item.normalized) / Math.max(target.length, item.normalized.length),
    }));
    rescored.sort((a, b) => b.score - a.score);
    const best = rescored[0];
    return best.score >= minScore ? best.original : undefined;
  }
  return undefined;
}
