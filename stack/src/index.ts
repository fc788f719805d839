// Public API of the stack package (used by tests, scripts and the CLI).

export type { ApiKeys } from "./api-keys.js";
export type { StackConfig } from "./config/index.js";
export { loadConfig, WELL_KNOWN } from "./config/index.js";
export type { Service, StackContext } from "./context.js";
export { type RunningStack, type StackOptions, startStack } from "./stack.js";
