import { readSwitches } from '../switches.js';
const INPUT_NAMES = ['auto', 'text', 'mbox', 'maildir', 'eml', 'news', 'rnews'];
const KEYS = 'Keys: arrows or j/k move, PgUp/PgDn page, / filters as you type, Enter opens, c copies, a switches between the readings of a hyphen break, ? shows help, q or Esc quits.';
/** The options, as yargs takes them; `switches.ts` reads the same table for a command line of switches and paths. */
export const PICK_OPTIONS = {
    run: { type: 'string', describe: 'command to open a URL with; %s is replaced by the URL, else it is added at the end [default: $BROWSER, else xdg-open or open]' },
    single: { type: 'boolean', default: false, describe: 'exit after opening one URL' },
    dedupe: { type: 'boolean', default: true, describe: 'show each URL once; --no-dedupe shows every occurrence' },
    compact: { type: 'boolean', default: false, describe: 'one line per URL, without context' },
    input: { type: 'string', choices: INPUT_NAMES, default: 'auto', describe: 'read every input as this kind' },
    headers: { type: 'boolean', default: true, describe: 'include URLs in header fields such as List-Unsubscribe' },
    emails: { type: 'boolean', default: false, describe: 'list bare e-mail addresses as mailto: URLs' },
    schemeless: { type: 'boolean', default: true, describe: 'list www. and ftp. hosts without a scheme' },
    strict: { type: 'boolean', default: false, describe: 'validate with the strict RFC 1738 grammar' },
};
/**
 * Reads `urlsift pick`'s arguments (after the word `pick`). Prints help itself when
 * asked. A command line of switches and paths (`urlsift pick`, as a mail reader runs
 * it) is read without loading yargs; `withYargs` forces yargs, for the tests.
 */
export async function parsePickLine(args, withYargs = false) {
    const switches = withYargs ? undefined : readSwitches(args, PICK_OPTIONS);
    const read = switches === undefined ? await readWithYargs(args) : { argv: switches };
    if (read.failure !== undefined)
        return { type: 'usage-error', message: read.failure };
    const argv = read.argv;
    if (argv.help)
        return { type: 'exit', code: 0 };
    if (typeof argv.run === 'string' && argv.run.trim() === '')
        return { type: 'usage-error', message: '--run needs a command' };
    return {
        type: 'run',
        options: {
            paths: argv._.map(String),
            run: argv.run,
            single: argv.single,
            dedupe: argv.dedupe,
            compact: argv.compact,
            input: argv.input,
            headers: argv.headers,
            emails: argv.emails,
            schemeless: argv.schemeless,
            strict: argv.strict,
        },
    };
}
/** Reads `args` with yargs, which prints help itself when asked. */
async function readWithYargs(args) {
    const { default: yargs } = await import('yargs');
    let failure;
    const argv = yargs([...args])
        .scriptName('urlsift pick')
        .usage('Usage: $0 [options] [paths..]\n\nChoose a URL from mail or news on a full-screen list and open it. Reads standard input when no path is given; keys are read from the terminal (/dev/tty), so a mail reader can pipe a message in.')
        .parserConfiguration({ 'parse-positional-numbers': false })
        .options(PICK_OPTIONS)
        .epilogue(`${KEYS}\n\nExit status: 0 after quitting or opening, 1 when the input holds no URL, 2 for a usage error, an input that could not be read, or no terminal.`)
        .help()
        .alias('help', 'h')
        .version(false)
        .strictOptions()
        .exitProcess(false)
        .fail((message, error) => {
        failure = message ?? error?.message ?? 'invalid arguments';
    })
        .parseSync();
    return failure === undefined ? { argv } : { argv, failure };
}
//# sourceMappingURL=options.js.map