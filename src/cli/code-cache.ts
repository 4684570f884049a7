/**
 * Starting the command from V8's code cache. Node 20 compiles every run's JavaScript
 * afresh, and for one message (a mail reader's macro) compiling urlsift's code was a
 * third of its time beyond bare `node`. V8 can save what it compiled
 * (`vm.Script#createCachedData`, taken after a run, so the functions that run are in it)
 * and start from that next time (README, Performance, "Start-up": about 20 ms of CPU of
 * `cliOneMessageMs`). Node 20 offers this for classic scripts only, not for ES modules,
 * so `build/bundle-cli.ts` also writes the command as one CommonJS bundle
 * (`dist/cli/command.cjs`) and runs it once to write the cache beside it.
 *
 * A worker thread (`-j 2` and up) runs its loop from the same bundle and cache
 * ({@link loadCommand}, `worker.ts`): the functions a mailbox's units run were compiled by
 * the main thread's runs that wrote the cache, and each worker compiled them from source
 * again. A worker started as the scheduler starts it, running one unit of the usrp-users
 * mbox's first MB: 2,558 -> 2,380-2,415 M instructions, all threads (callgrind, V8's flags as
 * the command sets them, two runs each); of its first 10 MB: 5,497 -> 5,249 M. About
 * 465 -> 405 ms of CPU for the first MB, old and new processes in turn, 6 pairs.
 *
 * The cache is named after the V8 version and architecture it was made for. When there
 * is none for this Node (another Node than the one that built the package), the command
 * is loaded as the ES module bundle instead, as it was before the cache. V8 checks the
 * cache itself too (source, version, flags) and compiles from source if it does not fit.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** The command's module (`main.ts`), whichever way it was loaded. */
type Command = typeof import('./main.js');

/** What the entry hands the command (`main`'s second parameter). */
type StartUp = Parameters<Command['main']>[1];

/** The CommonJS bundle of `main.ts`, beside the entry's folder `cli/`. */
export const COMMAND_BUNDLE = 'cli/command.cjs';

/**
 * Set to `1` by the build: the command runs from source, and its compiled code is saved
 * as this V8's cache once the run has finished.
 */
export const WRITE_CACHE_VARIABLE = 'URLSIFT_WRITE_CODE_CACHE';

/**
 * While the cache is written: runs of the command before its own, as a JSON array of
 * argument lists (their output goes to standard output with the rest). The cache holds the
 * functions that ran, and a function not in it is compiled from source at its first call:
 * a cache of one message's `-o` run left out the mailbox splitter's, the JSON records' and
 * other readers' functions, which the first megabytes of a mailbox then compiled (about
 * 30 ms of the main thread's CPU on 10 MB of the usrp-users mbox, `--format jsonl -j 1`,
 * old and new in turn; one message's `-o` costs 1 to 3 ms more, the larger cache to read).
 */
export const CACHE_RUNS_VARIABLE = 'URLSIFT_CODE_CACHE_RUNS';

/** The cache file for this process's V8 (`cli/command-11.3.244.8-node.23-x64.cache`). */
export function cacheName(): string {
  return `cli/command-${process.versions.v8}-${process.arch}.cache`;
}

/**
 * Compiles the bundle at `bundle` (its text `source`), from `cachedData` when given
 * (`script.cachedDataRejected` then says whether V8 took it). The wrapper is the one
 * Node gives a CommonJS module, plus import.meta.url, which the bundle reads from
 * `__urlsiftUrl`.
 */
export function compileCommand(bundle: URL, source: string, cachedData?: Buffer): Script {
  return new Script(`(function (exports, require, module, __filename, __dirname, __urlsiftUrl) {${source}\n})`, { filename: fileURLToPath(bundle), cachedData });
}

/**
 * Runs the command from its CommonJS bundle and V8 cache next to `base` (the entry's
 * URL), with `startUp` from the entry; `undefined` when there is no cache for this V8 (the
 * caller then imports the ES module). Writes the cache instead when the build asks for it.
 */
export async function runFromCodeCache(base: URL, args: readonly string[], startUp?: StartUp): Promise<number | undefined> {
  const writing = process.env[WRITE_CACHE_VARIABLE] === '1';
  const loaded = loadBundle(base, writing);
  if (!loaded) return undefined;
  const { script, module } = loaded;
  if (writing) {
    for (const run of JSON.parse(process.env[CACHE_RUNS_VARIABLE] ?? '[]') as string[][]) await module.exports.main(run);
  }
  const code = await module.exports.main(args, startUp);
  if (writing) writeFileSync(new URL(cacheName(), base), script.createCachedData());
  return code;
}

/**
 * The command's module from its CommonJS bundle and V8 cache next to `base`, for a worker
 * thread (`worker.ts`): V8 takes the cache in any thread of the process that made it under
 * the same flags, which the process's threads share. `undefined` when there is no cache for
 * this V8 (the caller then imports the ES module).
 */
export function loadCommand(base: URL): Command | undefined {
  return loadBundle(base, false)?.module.exports;
}

/** Compiles and runs the bundle next to `base`, from its cache (none when `fresh`); `undefined` when there is no cache for this V8. */
function loadBundle(base: URL, fresh: boolean): { script: Script; module: { exports: Command } } | undefined {
  const bundle = new URL(COMMAND_BUNDLE, base);
  const cache = new URL(cacheName(), base);
  if (!fresh && !existsSync(cache)) return undefined;
  let source: string;
  let cachedData: Buffer | undefined;
  try {
    source = readFileSync(bundle, 'utf8');
    cachedData = fresh ? undefined : readFileSync(cache);
  } catch {
    return undefined;
  }
  const script = compileCommand(bundle, source, cachedData);
  const module = { exports: {} as Command };
  (script.runInThisContext() as (...parameters: unknown[]) => void)(module.exports, createRequire(bundle), module, fileURLToPath(bundle), fileURLToPath(new URL('.', bundle)), bundle.href);
  return { script, module };
}
