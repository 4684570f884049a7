/**
 * The man page `urlsift.1`, written in roff (man(7) macros) from the same option table
 * as `--help` ({@link OPTIONS}), so the two cannot disagree. `npm run build` runs this
 * module to write `urlsift.1` beside package.json; `"man"` in package.json installs it.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EPILOGUE, EXAMPLES, OPTIONS, readVersion, SUMMARY } from './options.js';
/** Text made safe for roff: backslashes escaped, hyphens as minus signs, no line starting with a control character. */
export function roffText(text) {
    const escaped = text.replaceAll('\\', '\\e').replaceAll('-', '\\-');
    return escaped.replace(/^([.'])/gm, '\\&$1');
}
/** How an option is written in the synopsis of its entry: `\fB\-C\fR, \fB\-\-context\fR \fINUM\fR`. */
function optionHead(spec) {
    const names = [spec.short ? `\\fB\\-${spec.short}\\fR` : '', `\\fB\\-\\-${roffText(spec.name)}\\fR`].filter(Boolean).join(', ');
    return spec.arg ? `${names} \\fI${spec.arg}\\fR` : names;
}
/** How file names are shown (the README says the same, under "Command line"). */
const FILE_NAMES = 'A file name is printed as given or as found while walking, in every format and on stderr, with two kinds of escape, ' +
    'both as percent-encoded bytes: control characters, DEL and bidi controls as their UTF-8 bytes (ESC is %1B), and each byte ' +
    'that is not part of valid UTF-8 as itself (caf%E9.txt for "café" in ISO-8859-1). Such a file is read all the same, ' +
    'as grep reads it: found in a directory, or named on the command line (Linux, where the raw bytes of the command line ' +
    'can be read back). A JSON string cannot hold such a byte, so the file field of jsonl and json carries the same %XX.';
/** The whole page. */
export function renderManPage(version = readVersion()) {
    const lines = [
        `.TH URLSIFT 1 "" "urlsift ${roffText(version)}" "User Commands"`,
        '.SH NAME',
        'urlsift \\- find URLs in mail, news and text',
        '.SH SYNOPSIS',
        '.B urlsift',
        '[\\fIOPTION\\fR]... [\\fIPATH\\fR]...',
        '.SH DESCRIPTION',
        roffText(SUMMARY),
        '.PP',
        'Each URL is printed as \\fIfile\\fR:\\fIline\\fR:\\fIcolumn\\fR, a tab, and the URL, with positions in the raw file.',
    ];
    let group = '';
    for (const spec of OPTIONS) {
        if (spec.group !== group) {
            group = spec.group;
            lines.push(`.SS ${roffText(group.replace(/:$/, ''))}`);
        }
        lines.push('.TP', optionHead(spec), roffText(spec.describe));
    }
    lines.push('.SS Other', '.TP', '\\fB\\-h\\fR, \\fB\\-\\-help\\fR', 'show the options and exit', '.TP', '\\fB\\-V\\fR, \\fB\\-\\-version\\fR', 'show the version and exit');
    lines.push('.TP', '\\fBurlsift completion\\fR', 'print a bash or zsh completion script (append it to \\fI~/.bashrc\\fR or \\fI~/.zshrc\\fR)');
    lines.push('.SH ENVIRONMENT', '.TP', '.B NO_COLOR', 'when set and not empty, \\fB\\-\\-color auto\\fR does not colour.', '.TP', '.B FORCE_COLOR', 'when set (other than 0 or false), \\fB\\-\\-color auto\\fR colours even a pipe.');
    lines.push('.SH FILE NAMES', roffText(FILE_NAMES));
    lines.push('.SH EXIT STATUS', roffText(EPILOGUE.replace(/^Exit status: /, '')));
    lines.push('.SH EXAMPLES');
    for (const [command, what] of EXAMPLES)
        lines.push('.TP', `.B ${roffText(command.replace('$0', 'urlsift'))}`, roffText(what));
    lines.push('.SH SEE ALSO', '.BR grep (1),', '.BR rg (1),', '.BR urlview (1)');
    return `${lines.join('\n')}\n`;
}
// `node dist/cli/man-page.js [FILE]`, as `npm run build` runs it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
    const target = process.argv[2] ?? fileURLToPath(new URL('../../urlsift.1', import.meta.url));
    writeFileSync(target, renderManPage());
}
//# sourceMappingURL=man-page.js.map