#!/usr/bin/env node
/**
 * The `urlsift` command: see `src/cli/main.ts`, and the README's "Command line".
 * `urlsift pick ...` is the interactive picker (`src/cli/pick/command.ts`), and
 * `urlsift merge ...` puts sharded runs back together (`src/cli/merge.ts`); each is
 * loaded only when asked for, so none pays for the others' start-up. The command itself
 * starts from V8's code cache when the build made one for this Node (`cli/code-cache.ts`),
 * and hears a Ctrl-C from here on (`cli/interrupt.ts`).
 */
import { runFromCodeCache } from './cli/code-cache.js';
import { catchEarlyInterrupt, endEarlyInterrupt } from './cli/interrupt.js';
import { setCommandV8Flags } from './cli/v8-flags.js';

setCommandV8Flags();
const args = process.argv.slice(2);
if (args[0] === 'pick') {
  process.exitCode = await (await import('./cli/pick/command.js')).pick(args.slice(1));
} else if (args[0] === 'merge') {
  process.exitCode = await (await import('./cli/merge.js')).runMerge(args.slice(1));
} else {
  // A Ctrl-C while the command loads is noted, and the command acts on it (cli/interrupt.ts).
  catchEarlyInterrupt();
  const startUp = { endEarlyInterrupt };
  process.exitCode = (await runFromCodeCache(new URL('.', import.meta.url), args, startUp)) ?? (await (await import('./cli/main.js')).main(args, startUp));
  // Heard, and the command ended before its own handler took over (--help, a usage error): the shell's 128 + 2.
  if (endEarlyInterrupt()) process.exitCode = 130;
}
