/**
 * The command line a mail reader's macro runs (`urlsift -o`, `urlsift -o -u`,
 * `urlsift pick`): boolean switches and paths, read without loading yargs. yargs and
 * the terminal-width libraries it brings cost about 50 ms of CPU to load (three
 * `Intl.Segmenter`s among them), a third of the whole run on one message (README,
 * Performance: `cliOneMessageMs`). Anything else on the command line (an option with
 * a value, `--help`, `--`, bundled `-ou`, an unknown or misspelt option) is left to
 * yargs, which reads it from the same option table. test/cli/switches.test.ts checks
 * that both give the same reading.
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
 * Reads `args` when each is a path (`-` included) or a boolean switch of `table`
 * spelt as yargs spells it (`--name`, `--no-name`, `-a` or `--alias`; the last of
 * several wins); `undefined` for any other command line, and for a path named `true`
 * or `false`, which yargs reads as the value of a switch before it. The result holds every
 * option of `table` that has a default, as yargs' does.
 */
export declare function readSwitches(args: readonly string[], table: OptionTable): ReadArguments | undefined;
