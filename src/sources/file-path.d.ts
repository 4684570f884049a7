/**
 * File names as the system has them: bytes (POSIX.1-2017 §3.170, "Filename": any bytes
 * but `/` and NUL). Node reads names as UTF-8 strings and turns bytes that are not
 * UTF-8 into U+FFFD, after which the file cannot be opened by that name. grep reads
 * such files, so urlsift must too: a name that is valid UTF-8 stays a string (nearly
 * every name, and the fast path), one that is not is carried as its bytes, which every
 * `node:fs` function accepts. Names are shown with {@link displayPath}.
 */
import type { Dirent } from 'node:fs';
/**
 * A path to open: a string, or its bytes when they are not valid UTF-8. Sent to a worker
 * thread, a Buffer arrives as a plain Uint8Array (the structured clone); the functions
 * here take either.
 */
export type FilePath = string | Buffer;
/** The path for `bytes`: a string when they are valid UTF-8, the bytes themselves otherwise. */
export declare function filePathFromBytes(bytes: Buffer): FilePath;
/**
 * A path as it is shown in every output format and error line: a string as it is; bytes
 * decoded as UTF-8, with each byte that is not part of a valid sequence written `%XX`
 * (upper-case hex). That is the notation urlsift already uses for control characters in
 * names (percent-encoded bytes, as in a `file:` URL, RFC 8089), so one rule covers every
 * character that cannot be shown as it is. `caf\xE9.txt` in ISO-8859-1 is shown
 * `caf%E9.txt`.
 */
export declare function displayPath(path: FilePath | Uint8Array): string;
/** `join(dir, name)` for paths that may be bytes; a string when both are. */
export declare function joinPath(dir: FilePath, name: FilePath): FilePath;
/** An entry of a directory: its name as shown, its path, and its type. */
export interface DirectoryEntry {
    /** The name as {@link displayPath} shows it (for ordering, hidden-name and glob checks). */
    name: string;
    /** The path to open: `dir` joined with the entry's name, bytes when either is not UTF-8. */
    path: FilePath;
    dirent: Dirent;
}
/**
 * The entries of `dir`. Names are read as strings, and the directory is read again as
 * bytes only when one of them came back with U+FFFD (the mark of bytes that are not
 * UTF-8), or when `dir` is bytes itself.
 */
export declare function readDirectory(dir: FilePath): Promise<DirectoryEntry[]>;
