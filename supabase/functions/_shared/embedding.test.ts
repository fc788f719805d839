// The text embedding's promises (docs/product.md §11): typos, swapped names, accents and case
// land close to the original; strangers and unrelated products do not.
import { describe, expect, it } from "vitest";
import { customerFields, DIMENSION, embedFields, fold, productFields, similarity } from "./embedding";

const customer = (full_name: string, email: string) => embedFields(customerFields({ full_name, email }));
const product = (name: string, tags: string[], category: string, description: string) =>
  embedFields(productFields({ name, tags, category, description }));
const THRESHOLD = 0.85;

describe("text embedding", () => {
  it("is deterministic, 384-dimensional and unit length", () => {
    const v = customer("Amir Haddad", "amir.haddad@example.com");
    expect(v).toHaveLength(DIMENSION);
    expect(customer("Amir Haddad", "amir.haddad@example.com")).toEqual(v);
    expect(similarity(v, v)).toBeCloseTo(1, 10);
  });

  it("folds accents, case and punctuation", () => {
    expect(fold("Jürgen MÜLLER-Straße, Café")).toBe("jurgen muller strasse cafe");
  });

  it("puts duplicates above the threshold", () => {
    const amir = customer("Amir Haddad", "amir.haddad@example.com");
    expect(similarity(amir, customer("Amir Hadad", "amir.hadad@example.com"))).toBeGreaterThan(THRESHOLD);
    expect(similarity(amir, customer("Haddad Amir", "AMIR.HADDAD@example.org"))).toBeGreaterThan(THRESHOLD);
    expect(
      similarity(
        customer("Jürgen Müller", "juergen.mueller@example.de"),
        customer("Muller Jurgen", "jurgen.muller@example.de"),
      ),
    ).toBeGreaterThan(THRESHOLD);
  });

  it("keeps different people below it, even with a shared first name or domain", () => {
    const maria = customer("Maria Garcia", "maria.garcia12@example.com");
    expect(similarity(maria, customer("Maria Lopez", "maria.lopez57@example.com"))).toBeLessThan(THRESHOLD);
    expect(similarity(maria, customer("Mario Garcia", "mario.garcia88@example.org"))).toBeLessThan(THRESHOLD);
    expect(similarity(maria, customer("Anna Schmidt", "anna.schmidt@example.com"))).toBeLessThan(0.5);
  });

  it("ranks a product with shared words above an unrelated one", () => {
    const lamp = product("Oak desk lamp", ["lighting"], "Home", "A warm lamp");
    const floorLamp = product("Oak floor lamp", ["lighting"], "Home", "A tall lamp");
    const shoes = product("Running shoes", ["sport"], "Apparel", "Light shoes");
    expect(similarity(lamp, floorLamp)).toBeGreaterThan(similarity(lamp, shoes) + 0.3);
  });

  it("measures text, not meaning (its documented limit)", () => {
    expect(similarity(product("Sofa", [], "", ""), product("Couch", [], "", ""))).toBeLessThan(0.3);
  });
});
