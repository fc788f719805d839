// The embedding behind "Similar products" and "Possible duplicates": a deterministic
// text method that needs no model. Each field is folded (accents and case removed,
// punctuation to spaces) and cut into the character trigrams of each word (padded
// with spaces, so a word's ends count); every trigram is hashed (FNV-1a) to one of 384 dimensions with a hashed sign, the
// field's vector is L2-normalised and weighted, and the sum is L2-normalised again.
// A typo changes a few trigrams of one word, so "Haddad" and "Hadad" stay close;
// word order is not a feature, so "Amir Haddad" and "Haddad Amir" are the same;
// "Müller" and "muller" fold to the same letters. What it measures is textual
// closeness, not meaning: "sofa" and "couch" share nothing. A model could replace it
// behind the same Embedder interface; plain TypeScript, so Deno and Node both run it.

export const DIMENSION = 384;

/** One part of a record's text and how much it counts. */
export interface Field {
  text: string | null | undefined;
  weight: number;
}

export interface Embedder {
  readonly dimension: number;
  /** One unit-length vector per document. */
  embed(documents: Field[][]): Promise<number[][]>;
}

/** Lower case, accents removed, anything but letters and digits becomes a space. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function add(vector: Float64Array, feature: string, weight: number): void {
  const hash = fnv1a(feature);
  vector[hash % DIMENSION] += hash & 0x80000000 ? -weight : weight;
}

function normalise(vector: Float64Array): Float64Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const length = Math.sqrt(sum);
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i] /= length;
  return vector;
}

/**
 * A field's features: the trigrams of each word padded with spaces. (Whole words as
 * features too made a one-letter typo cost more than the threshold allows.)
 */
export function fieldVector(text: string): Float64Array {
  const vector = new Float64Array(DIMENSION);
  for (const word of fold(text).split(" ")) {
    if (!word) continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(vector, padded.slice(i, i + 3), 1);
  }
  return normalise(vector);
}

export function embedFields(fields: Field[]): number[] {
  const sum = new Float64Array(DIMENSION);
  for (const { text, weight } of fields) {
    if (!text?.trim()) continue;
    const part = fieldVector(text);
    for (let i = 0; i < DIMENSION; i++) sum[i] += part[i] * weight;
  }
  return Array.from(normalise(sum));
}

export const textHashEmbedder: Embedder = {
  dimension: DIMENSION,
  embed: async (documents) => documents.map(embedFields),
};

/** Cosine similarity of two unit vectors (1 − the index's cosine distance). */
export function similarity(a: number[], b: number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
}

/**
 * What identifies a customer for duplicate detection: the name and the e-mail's
 * local part; the domain counts little (example.com is shared by strangers, and
 * one person may use two providers).
 */
export function customerFields(c: { full_name: string | null; email: string | null }): Field[] {
  const [local, domain] = (c.email ?? "").split("@");
  return [
    { text: c.full_name, weight: 1 },
    { text: local, weight: 1 },
    { text: domain, weight: 0.3 },
  ];
}

/** What makes products alike: name first, then tags, category and description. */
export function productFields(p: {
  name: string | null;
  description: string | null;
  tags: string[] | null;
  category: string | null;
}): Field[] {
  return [
    { text: p.name, weight: 3 },
    { text: (p.tags ?? []).join(" "), weight: 1.5 },
    { text: p.category, weight: 1 },
    { text: p.description, weight: 1 },
  ];
}
