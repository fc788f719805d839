// Public API of the stack package (used by tests, scripts and the CLI).

export type { StackConfig } from "./config/index.js";
export { loadConfig, WELL_KNOWN } from "./config/index.js";
export type { ApiKeys, Service, StackContext } from "./context.js";
export { type RunningStack, type StackOptions, startStack } from "./stack.js";
