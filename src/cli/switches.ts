/**
 * The command line a mail reader's macro runs (`urlsift -o`, `urlsift -o -u`,
 * `urlsift pick`) or a batch job runs (`urlsift --format jsonl box.mbox`): boolean
 * switches, options with one value and paths, read without loading yargs. yargs and
 * the terminal-width libraries it brings cost about 50 ms of CPU to load (three
 * `Intl.Segmenter`s among them), a third of the whole run on one message (README,
 * Performance: `cliOneMessageMs`), and about 30 ms of CPU and more of wall time before
 * a batch job reads a byte. Anything else on the command line (a repeated or repeatable
 * option, a value that starts with `-` or is empty, `--help`, `--`, bundled `-ou`, an
 * unknown or misspelt option) is left to yargs, which reads it from the same option
 * table. test/cli/switches.test.ts checks that both give the same reading.
 */
import type { Options } from 'yargs';

/** A command's options, keyed by long name, as yargs' `.options()` takes them. */
export type OptionTable = Readonly<Record<string, Options>>;

/** What yargs gives for a command line: the positionals in `_`, and every option by its long name. */
export interface ReadArguments {
  _: string[];
  [name: string]: unknown;
}

/**
 * Reads `args` when each is a path (`-` included), a boolean switch of `table` spelt as
 * yargs spells it (`--name`, `--no-name`, `-a` or `--alias`; the last of several wins), or
 * an option that takes one value (`requiresArg`, not an array) given once, as `--name
 * VALUE`, `--name=VALUE`, `-a VALUE` or `--alias VALUE`; `undefined` for any other command
 * line, and for a path or value named `true` or `false`, which yargs reads as the value of
 * a switch before it. The result holds every option of `table` that has a default, as yargs' does.
 */
export function readSwitches(args: readonly string[], table: OptionTable): ReadArguments | undefined {
  const spellings = new Map<string, { name: string; value: boolean }>();
  /** The spellings of the options that take one value, to their names. */
  const valued = new Map<string, string>();
  const read: ReadArguments = { _: [] };
  for (const [name, option] of Object.entries(table)) {
    if (option.default !== undefined) read[name] = Array.isArray(option.default) ? [...(option.default as unknown[])] : option.default;
    const aliases = option.alias === undefined ? [] : Array.isArray(option.alias) ? option.alias : [option.alias];
    const spelt = [`--${name}`, ...(aliases as string[]).map((alias) => (alias.length === 1 ? `-${alias}` : `--${alias}`))];
    if (option.type === undefined && option.requiresArg === true && option.array !== true) {
      for (const spelling of spelt) valued.set(spelling, name);
      continue;
    }
    if (option.type !== 'boolean') continue;
    spellings.set(`--no-${name}`, { name, value: false });
    for (const spelling of spelt) spellings.set(spelling, { name, value: true });
  }
  /** The options given a value so far: yargs gathers a repeated one into an array, which is left to it. */
  const given = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    // yargs takes a `true` or `false` after a switch as its value: left to yargs.
    if (arg === 'true' || arg === 'false') return undefined;
    if (arg === '-' || (arg !== '' && !arg.startsWith('-'))) {
      read._.push(arg);
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = valued.get(equals < 0 ? arg : arg.slice(0, equals));
    if (name !== undefined) {
      const value = equals < 0 ? args[++i] : arg.slice(equals + 1);
      if (value === undefined || value === '' || value.startsWith('-') || value === 'true' || value === 'false' || given.has(name)) return undefined;
      given.add(name);
      read[name] = value;
      continue;
    }
    const switched = spellings.get(arg);
    if (switched === undefined) return undefined;
    read[switched.name] = switched.value;
  }
  return read;
}
