/**
 * Opening a picked URL safely: the command to run (`--run`, else `$BROWSER`, else
 * the desktop's opener), the URL passed to it as one argument and never through a
 * shell, and the reasons a URL needs the user's confirmation first.
 */
import { DEFAULT_LINK_SCHEMES, NEVER_LINKED_SCHEMES } from '../../linkify-text.js';
/**
 * Splits a command line into words the way a shell would for the simple cases
 * (blanks between words, '...' and "..." quoting, backslash escapes), so that
 * `--run "lynx -dump %s"` needs no shell to run.
 */
export function splitCommand(command) {
    const words = [];
    let word = '';
    let inWord = false;
    let quote;
    for (let i = 0; i < command.length; i++) {
        const char = command[i];
        if (quote) {
            if (char === quote)
                quote = undefined;
            else if (char === '\\' && quote === '"' && i + 1 < command.length)
                word += command[++i];
            else
                word += char;
        }
        else if (char === '"' || char === "'") {
            quote = char;
            inWord = true;
        }
        else if (char === '\\' && i + 1 < command.length) {
            word += command[++i];
            inWord = true;
        }
        else if (char === ' ' || char === '\t' || char === '\n') {
            if (inWord)
                words.push(word);
            word = '';
            inWord = false;
        }
        else {
            word += char;
            inWord = true;
        }
    }
    if (inWord)
        words.push(word);
    return words;
}
/**
 * The command words to open URLs with: `run` when given, else the first command of
 * `$BROWSER` (a colon-separated list, as urlview and Python's webbrowser read it),
 * else `open` on macOS and `xdg-open` elsewhere.
 */
export function openerWords(run, env = process.env, platform = process.platform) {
    const given = run ?? env.BROWSER?.split(':').find((command) => command.trim() !== '');
    const words = given === undefined ? [] : splitCommand(given);
    if (words.length > 0)
        return words;
    return [platform === 'darwin' ? 'open' : 'xdg-open'];
}
/**
 * The program and arguments that open `url`: every `%s` in the command's words is
 * replaced by the URL, or the URL is added as the last argument when there is none.
 * The URL always lands inside one argument, whatever characters it holds.
 */
export function openCommand(words, url) {
    if (words.length === 0)
        throw new TypeError('openCommand: expected at least the program to run');
    const hasPlaceholder = words.some((word) => word.includes('%s'));
    const all = hasPlaceholder ? words.map((word) => word.split('%s').join(url)) : [...words, url];
    return { file: all[0] ?? '', args: all.slice(1) };
}
/**
 * Why opening `url` (a reading of `item`) needs a yes first, or undefined when it
 * does not: a URL that carries a password (the sender chose what you log in as), and
 * a scheme outside the link allowlist (the same default as the remark plugin and
 * `linkifyText`), which might start any program on the machine.
 */
export function confirmationReason(item, url, allowlist = DEFAULT_LINK_SCHEMES) {
    const scheme = url.slice(0, Math.max(0, url.indexOf(':'))).toLowerCase() || item.scheme;
    if (NEVER_LINKED_SCHEMES.includes(scheme) || !allowlist.includes(scheme))
        return `the scheme "${scheme}" is not one urlsift opens without asking`;
    if (item.notes.includes('password'))
        return 'it carries a password';
    return undefined;
}
//# sourceMappingURL=open.js.map