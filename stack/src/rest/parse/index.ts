export { ParseError } from "./errors.js";
export { type Preferences, parsePrefer } from "./prefer.js";
export { parseKey, parseQuery, splitQuery } from "./query.js";
export { parseSelect } from "./select.js";
export type * from "./types.js";
