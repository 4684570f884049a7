import { type FilePath } from '../sources/file-path.js';
/** The command line with each argument that was not UTF-8 written as `displayPath` shows it, and the bytes behind each such name. */
export interface RecoveredArguments {
    args: string[];
    /** The bytes of each argument rewritten in `args`, by its rewritten text. */
    bytes: ReadonlyMap<string, Buffer>;
}
/**
 * `args` (the end of `process.argv`) with the arguments Node decoded lossily replaced
 * by their `%XX` form (`caf%E9.txt`), so that yargs and error lines see one exact
 * text for each; {@link argumentPath} gives the bytes back. Where the bytes cannot be
 * read (no /proc, or a command line that does not end with `args`), `args` is kept as
 * it is, and such a name is not found, as before.
 */
export declare function recoverArguments(args: readonly string[], cmdline?: string): RecoveredArguments;
/** The path to open for a path argument: its bytes when {@link recoverArguments} rewrote it. */
export declare function argumentPath(path: string, recovered: Pick<RecoveredArguments, 'bytes'> | undefined): FilePath;
