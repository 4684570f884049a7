import type { PickItem } from './list.js';
/**
 * Splits a command line into words the way a shell would for the simple cases
 * (blanks between words, '...' and "..." quoting, backslash escapes), so that
 * `--run "lynx -dump %s"` needs no shell to run.
 */
export declare function splitCommand(command: string): string[];
/**
 * The command words to open URLs with: `run` when given, else the first command of
 * `$BROWSER` (a colon-separated list, as urlview and Python's webbrowser read it),
 * else `open` on macOS and `xdg-open` elsewhere.
 */
export declare function openerWords(run: string | undefined, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string[];
/**
 * The program and arguments that open `url`: every `%s` in the command's words is
 * replaced by the URL, or the URL is added as the last argument when there is none.
 * The URL always lands inside one argument, whatever characters it holds.
 */
export declare function openCommand(words: readonly string[], url: string): {
    file: string;
    args: string[];
};
/**
 * Why opening `url` (a reading of `item`) needs a yes first, or undefined when it
 * does not: a URL that carries a password (the sender chose what you log in as), and
 * a scheme outside the link allowlist (the same default as the remark plugin and
 * `linkifyText`), which might start any program on the machine.
 */
export declare function confirmationReason(item: PickItem, url: string, allowlist?: readonly string[]): string | undefined;
