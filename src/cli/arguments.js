/**
 * The command line's bytes. Node decodes `argv` as UTF-8 and turns bytes that are not
 * UTF-8 into U+FFFD, so a file name in ISO-8859-1 (`caf\xE9.txt`) could not be opened by
 * the name it was given as. On Linux the kernel keeps the bytes in /proc/self/cmdline,
 * and such an argument is read back from there (see `sources/file-path.ts`).
 */
import { readFileSync } from 'node:fs';
import { displayPath } from '../sources/file-path.js';
/**
 * `args` (the end of `process.argv`) with the arguments Node decoded lossily replaced
 * by their `%XX` form (`caf%E9.txt`), so that yargs and error lines see one exact
 * text for each; {@link argumentPath} gives the bytes back. Where the bytes cannot be
 * read (no /proc, or a command line that does not end with `args`), `args` is kept as
 * it is, and such a name is not found, as before.
 */
export function recoverArguments(args, cmdline = '/proc/self/cmdline') {
    const bytes = new Map();
    if (!args.some((arg) => arg.includes('\uFFFD')))
        return { args: [...args], bytes };
    let raw;
    try {
        const all = readFileSync(cmdline);
        raw = split(all.subarray(0, all.at(-1) === 0 ? -1 : undefined));
    }
    catch {
        return { args: [...args], bytes };
    }
    // Node's own options (--cpu-prof...) come before the script: the arguments are the last entries.
    const tail = raw.slice(raw.length - args.length);
    if (raw.length < args.length || tail.some((entry, i) => entry.toString('utf8') !== args[i]))
        return { args: [...args], bytes };
    const recovered = args.map((arg, i) => {
        if (!arg.includes('\uFFFD'))
            return arg;
        const entry = tail[i];
        const shown = displayPath(entry);
        if (shown === arg)
            return arg; // a real U+FFFD: valid UTF-8
        bytes.set(shown, entry);
        return shown;
    });
    return { args: recovered, bytes };
}
/** The path to open for a path argument: its bytes when {@link recoverArguments} rewrote it. */
export function argumentPath(path, recovered) {
    return recovered?.bytes.get(path) ?? path;
}
/** The NUL-separated entries of a command line. */
function split(all) {
    const entries = [];
    let start = 0;
    for (let end = all.indexOf(0); end >= 0; end = all.indexOf(0, start)) {
        entries.push(all.subarray(start, end));
        start = end + 1;
    }
    entries.push(all.subarray(start));
    return entries;
}
//# sourceMappingURL=arguments.js.map