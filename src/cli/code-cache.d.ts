import { Script } from 'node:vm';
/** The CommonJS bundle of `main.ts`, beside the entry's folder `cli/`. */
export declare const COMMAND_BUNDLE = "cli/command.cjs";
/**
 * Set to `1` by the build: the command runs from source, and its compiled code is saved
 * as this V8's cache once the run has finished.
 */
export declare const WRITE_CACHE_VARIABLE = "URLSIFT_WRITE_CODE_CACHE";
/** The cache file for this process's V8 (`cli/command-11.3.244.8-node.23-x64.cache`). */
export declare function cacheName(): string;
/**
 * Compiles the bundle at `bundle` (its text `source`), from `cachedData` when given
 * (`script.cachedDataRejected` then says whether V8 took it). The wrapper is the one
 * Node gives a CommonJS module, plus import.meta.url, which the bundle reads from
 * `__urlsiftUrl`.
 */
export declare function compileCommand(bundle: URL, source: string, cachedData?: Buffer): Script;
/**
 * Runs the command from its CommonJS bundle and V8 cache next to `base` (the entry's
 * URL); `undefined` when there is no cache for this V8 (the caller then imports the ES
 * module). Writes the cache instead when the build asks for it.
 */
export declare function runFromCodeCache(base: URL, args: readonly string[]): Promise<number | undefined>;
