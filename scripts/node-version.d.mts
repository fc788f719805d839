// Types of node-version.mjs (plain JavaScript: `npm test` runs it before anything is compiled).
export declare const SUPPORTED: string;
export declare function isSupported(version?: string): boolean;
export declare function warnIfUnsupported(version?: string): boolean;
