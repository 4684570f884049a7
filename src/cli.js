#!/usr/bin/env node
/**
 * The `urlsift` command: see `src/cli/main.ts`, and the README's "Command line".
 * `urlsift pick ...` is the interactive picker (`src/cli/pick/command.ts`), and
 * `urlsift merge ...` puts sharded runs back together (`src/cli/merge.ts`); each is
 * loaded only when asked for, so none pays for the others' start-up. The command itself
 * starts from V8's code cache when the build made one for this Node (`cli/code-cache.ts`).
 */
import { runFromCodeCache } from './cli/code-cache.js';
import { setCommandV8Flags } from './cli/v8-flags.js';
setCommandV8Flags();
const args = process.argv.slice(2);
process.exitCode = args[0] === 'pick'
    ? await (await import('./cli/pick/command.js')).pick(args.slice(1))
    : args[0] === 'merge'
        ? await (await import('./cli/merge.js')).runMerge(args.slice(1))
        : (await runFromCodeCache(new URL('.', import.meta.url), args)) ?? (await (await import('./cli/main.js')).main(args));
//# sourceMappingURL=cli.js.map