/**
 * The command line of `urlsift pick`, read with yargs. A usage error is a value, as
 * for the main command.
 */
import yargs from 'yargs';
import type { InputKind } from '../../sources/origin.js';

/** What `urlsift pick` was asked to do. */
export interface PickOptions {
  /** Paths to read; empty means standard input. */
  paths: string[];
  /** The command to open a URL with (`%s` is the URL); undefined: `$BROWSER`, else the desktop's opener. */
  run: string | undefined;
  /** Exit after opening one URL. */
  single: boolean;
  /** Show each URL once (default). */
  dedupe: boolean;
  /** One line per URL, without its context. */
  compact: boolean;
  input: InputKind;
  headers: boolean;
  emails: boolean;
  schemeless: boolean;
  strict: boolean;
}

/** What reading the command line gave. */
export type ParsedPickLine = { type: 'run'; options: PickOptions } | { type: 'exit'; code: 0 } | { type: 'usage-error'; message: string };

const INPUT_NAMES: readonly InputKind[] = ['auto', 'text', 'mbox', 'maildir', 'eml', 'news', 'rnews'];

const KEYS = 'Keys: arrows or j/k move, PgUp/PgDn page, / filters as you type, Enter opens, c copies, a switches between the readings of a hyphen break, ? shows help, q or Esc quits.';

/** Reads `urlsift pick`'s arguments (after the word `pick`). Prints help or the version itself when asked. */
export function parsePickLine(args: readonly string[]): ParsedPickLine {
  let failure: string | undefined;
  const parser = yargs([...args])
    .scriptName('urlsift pick')
    .usage('Usage: $0 [options] [paths..]\n\nChoose a URL from mail or news on a full-screen list and open it. Reads standard input when no path is given; keys are read from the terminal (/dev/tty), so a mail reader can pipe a message in.')
    .parserConfiguration({ 'parse-positional-numbers': false })
    .option('run', { type: 'string', describe: 'command to open a URL with; %s is replaced by the URL, else it is added at the end [default: $BROWSER, else xdg-open or open]' })
    .option('single', { type: 'boolean', default: false, describe: 'exit after opening one URL' })
    .option('dedupe', { type: 'boolean', default: true, describe: 'show each URL once; --no-dedupe shows every occurrence' })
    .option('compact', { type: 'boolean', default: false, describe: 'one line per URL, without context' })
    .option('input', { type: 'string', choices: INPUT_NAMES as string[], default: 'auto', describe: 'read every input as this kind' })
    .option('headers', { type: 'boolean', default: true, describe: 'include URLs in header fields such as List-Unsubscribe' })
    .option('emails', { type: 'boolean', default: false, describe: 'list bare e-mail addresses as mailto: URLs' })
    .option('schemeless', { type: 'boolean', default: true, describe: 'list www. and ftp. hosts without a scheme' })
    .option('strict', { type: 'boolean', default: false, describe: 'validate with the strict RFC 1738 grammar' })
    .epilogue(`${KEYS}\n\nExit status: 0 after quitting or opening, 1 when the input holds no URL, 2 for a usage error, an input that could not be read, or no terminal.`)
    .help()
    .alias('help', 'h')
    .version(false)
    .strictOptions()
    .exitProcess(false)
    .fail((message, error) => {
      failure = message ?? error?.message ?? 'invalid arguments';
    });
  const argv = parser.parseSync();
  if (failure !== undefined) return { type: 'usage-error', message: failure };
  if (argv.help) return { type: 'exit', code: 0 };
  if (typeof argv.run === 'string' && argv.run.trim() === '') return { type: 'usage-error', message: '--run needs a command' };
  return {
    type: 'run',
    options: {
      paths: argv._.map(String),
      run: argv.run,
      single: argv.single,
      dedupe: argv.dedupe,
      compact: argv.compact,
      input: argv.input as InputKind,
      headers: argv.headers,
      emails: argv.emails,
      schemeless: argv.schemeless,
      strict: argv.strict,
    },
  };
}
