// The console's vector features (docs/product.md §11) go through edge functions only: they hold
// the service key, check the caller's permissions and read records as the caller.
import { useGetLocale } from "@refinedev/core";
import { backend } from "../../providers/backend";

export interface SimilarProduct {
  id: number;
  name: string;
  sku: string;
  similarity: number;
}

export interface CustomerMatch {
  id: string;
  full_name: string;
  email: string;
  similarity: number;
}

export interface PairCustomer {
  id: string;
  full_name: string;
  email: string;
  country: string;
  version: number;
  created_at: string;
  order_count: number;
}

export interface DuplicatePair {
  similarity: number;
  a: PairCustomer;
  b: PairCustomer;
}

export const similarProducts = async (id: number) =>
  (await backend.invoke<{ similar: SimilarProduct[] }>("similar", { resource: "products", id })).similar;

export const customerMatches = async (fullName: string, email: string) =>
  (await backend.invoke<{ matches: CustomerMatch[] }>("similar", { resource: "customers", full_name: fullName, email }))
    .matches;

export const duplicatePairs = async () => (await backend.invoke<{ pairs: DuplicatePair[] }>("duplicates", {})).pairs;

export const mergeCustomers = (keep: PairCustomer, duplicate: PairCustomer) =>
  backend.invoke<{ moved_orders: number }>("merge-customers", {
    keep: { id: keep.id, version: keep.version },
    duplicate: { id: duplicate.id, version: duplicate.version },
  });

/** A similarity as the operator's language writes it: 0.93 / 0,93. */
export function useSimilarityFormat(): (value: number) => string {
  const locale = useGetLocale()();
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (value) => format.format(value);
}
