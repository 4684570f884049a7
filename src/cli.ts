#!/usr/bin/env node
/**
 * The `urlsift` command: see `src/cli/main.ts`, and the README's "Command line".
 * `urlsift pick ...` is the interactive picker (`src/cli/pick/command.ts`); each is
 * loaded only when asked for, so neither pays for the other's start-up.
 */
const args = process.argv.slice(2);
process.exitCode = args[0] === 'pick'
  ? await (await import('./cli/pick/command.js')).pick(args.slice(1))
  : await (await import('./cli/main.js')).main(args);
