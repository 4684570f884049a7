/**
 * `urlsift pick [options] [paths..]`: reads mail or news (a mail reader's piped
 * message on standard input, or paths), lists its URLs full-screen, and opens the
 * one picked. Exit codes follow grep's: 0 after quitting or opening, 1 when the
 * input holds no URL, 2 for a usage error, unreadable input or no terminal.
 */
import { openSync } from 'node:fs';
import { isatty, ReadStream, WriteStream } from 'node:tty';
import { argumentPath, recoverArguments } from '../arguments.js';
import { scanErrorLine } from '../errors.js';
import { printable } from '../formats.js';
import { collectItems, MAX_PICK_URLS } from './collect.js';
import { dedupeItems } from './list.js';
import { openerWords } from './open.js';
import { parsePickLine } from './options.js';
const EXIT_OK = 0;
const EXIT_NONE = 1;
const EXIT_TROUBLE = 2;
/**
 * The most standard input read for one pick: a mail reader pipes one message, and
 * the sources cap a single message at this size anyway (MAX_MESSAGE_BYTES).
 */
const MAX_STDIN_BYTES = 64 * 1024 * 1024;
/** Runs `urlsift pick` with `args` (the words after `pick`) and returns the exit code. */
export async function pick(args) {
    // File names that are not UTF-8 are read back as bytes, and shown as `caf%E9.txt`.
    const recovered = recoverArguments(args);
    const parsed = await parsePickLine(recovered.args);
    if (parsed.type === 'exit')
        return parsed.code;
    if (parsed.type === 'usage-error')
        return fail(`${parsed.message}\nTry 'urlsift pick --help' for more information.`);
    const options = parsed.options;
    if (options.paths.length === 0 && process.stdin.isTTY)
        return fail('no input: pipe a message in, or give files or directories');
    const inputs = [];
    for (const path of options.paths) {
        if (path === '-')
            inputs.push({ input: await readStdin(), name: '-' });
        else
            inputs.push({ path: argumentPath(path, recovered) });
    }
    if (inputs.length === 0)
        inputs.push({ input: await readStdin(), name: '-' });
    const scanOptions = { input: options.input, headers: options.headers, emails: options.emails, schemeless: options.schemeless, strict: options.strict };
    const { items, errors, truncated } = await collectItems(inputs, scanOptions);
    const trouble = errors.some((error) => error.reason === 'read-failed');
    const report = () => {
        // In the command's words (`urlsift pick: PATH: No such file or directory`), names escaped as everywhere.
        for (const error of errors)
            process.stderr.write(`${scanErrorLine(error, printable).replace(/^urlsift: /, 'urlsift pick: ')}\n`);
        if (truncated)
            process.stderr.write(`urlsift pick: only the first ${MAX_PICK_URLS} URLs were read; give a single message or folder\n`);
    };
    const list = dedupeItems(items, options.dedupe);
    if (list.length === 0) {
        report();
        process.stderr.write(`urlsift pick: no URL found in ${options.paths.length === 0 ? 'standard input' : options.paths.join(', ')}\n`);
        return trouble ? EXIT_TROUBLE : EXIT_NONE;
    }
    const terminal = openTerminal();
    if (typeof terminal === 'string') {
        report();
        return fail(terminal);
    }
    // Loaded only now: the rest of urlsift never pays for the terminal library's start-up.
    const { runScreen } = await import('./screen.js');
    try {
        const code = await runScreen({
            items: list,
            opener: openerWords(options.run),
            single: options.single,
            compact: options.compact,
            input: terminal.input,
            output: terminal.output,
            ascii: !isUtf8Locale(process.env),
        });
        report();
        return code === EXIT_OK && trouble ? EXIT_TROUBLE : code;
    }
    finally {
        terminal.close();
    }
}
/**
 * Whether the locale's charset is UTF-8 (POSIX: LC_ALL overrides LC_CTYPE, which
 * overrides LANG). With none set, the C locale applies, whose charset is ASCII.
 */
export function isUtf8Locale(env) {
    const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
    return /utf-?8/i.test(locale);
}
function fail(message) {
    process.stderr.write(`urlsift pick: ${message}\n`);
    return EXIT_TROUBLE;
}
/** Standard input, all of it (a piped message), up to {@link MAX_STDIN_BYTES}. */
async function readStdin() {
    const chunks = [];
    let length = 0;
    for await (const chunk of process.stdin) {
        if (length >= MAX_STDIN_BYTES)
            continue; // drain the rest, so the writer is not killed by SIGPIPE
        chunks.push(chunk);
        length += chunk.length;
    }
    return Buffer.concat(chunks, Math.min(length, MAX_STDIN_BYTES));
}
/**
 * The terminal to draw on and read keys from: standard input and output when they
 * are one, else /dev/tty (as urlview does), so that `... | urlsift pick` works from
 * a mail reader's pipe.
 */
function openTerminal() {
    const opened = [];
    const openedOut = [];
    try {
        const input = process.stdin.isTTY ? process.stdin : (opened[0] = new ReadStream(openTty('r')));
        const output = process.stdout.isTTY ? process.stdout : (openedOut[0] = new WriteStream(openTty('w')));
        return {
            input,
            output,
            // Not closed but unreferenced: terminal-kit still writes its reset sequence at exit.
            close: () => {
                for (const stream of [...opened, ...openedOut])
                    stream.unref();
            },
        };
    }
    catch (error) {
        for (const stream of opened)
            stream.destroy();
        return `no terminal to show the list on (${error.message}); urlsift pick needs one`;
    }
}
function openTty(flags) {
    const fd = openSync('/dev/tty', flags);
    if (!isatty(fd))
        throw new Error('/dev/tty is not a terminal');
    return fd;
}
//# sourceMappingURL=command.js.map