import { paint, SGR } from './color.js';
import { redactUrl, PASSWORD_MASK } from './redact.js';
/** The names `--format` accepts. */
export const FORMAT_NAMES = ['text', 'jsonl', 'json', 'csv'];
/** The name printed for standard input. */
export const STDIN_NAME = '-';
/**
 * Builds the printed record of a match. With `redact`, passwords are masked in the
 * URL, its alternative readings and its parts.
 */
export function toOutputRecord(match, redact) {
    const { origin } = match;
    const { start, end } = origin.position;
    let parts = match.parts;
    if (redact && parts.password)
        parts = { ...parts, password: PASSWORD_MASK };
    return {
        url: redact ? redactUrl(match.url) : match.url,
        scheme: match.scheme,
        context: match.context,
        file: origin.file ?? STDIN_NAME,
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        offset: start.offset,
        endOffset: end.offset,
        exact: origin.exact,
        message: origin.message ?? null,
        messageId: origin.messageId ?? null,
        newsgroups: origin.newsgroups ?? null,
        part: origin.part ?? null,
        header: origin.header ?? null,
        alternatives: redact ? match.alternatives.map(redactUrl) : match.alternatives,
        notes: match.notes,
        parts,
    };
}
/** The CSV columns, in order: every record field except `parts`. */
export const CSV_COLUMNS = [
    'url', 'scheme', 'context', 'file', 'line', 'column', 'endLine', 'endColumn', 'offset', 'endOffset',
    'exact', 'message', 'messageId', 'newsgroups', 'part', 'header', 'alternatives', 'notes',
];
/** The plain look: no colour, `:` after file names, no context. */
export const PLAIN_LOOK = { color: false, nul: false, context: false, jsonContext: false };
/** True when the units must keep the input's raw lines for `format`. */
export function needsLines(name, look) {
    return name === 'jsonl' || name === 'json' || (name === 'text' && look.context);
}
/**
 * The formatter for `name` with a look. Text with context prints grep's `-C` shape:
 * `file-12-line` for context, `file:13:7:line` for the match's line, `--` between groups.
 */
export function createFormatter(name, look) {
    if (name === 'jsonl' || name === 'json') {
        const end = name === 'jsonl' ? '\n' : '';
        const context = look.jsonContext;
        return { ...FORMATS[name], format: (r, lines) => recordJson(r, lines && r.exact ? lines : null, context) + end };
    }
    if (name !== 'text' || (!look.color && !look.nul && !look.context))
        return FORMATS[name];
    const file = (r) => (look.color ? paint(SGR.file, printable(r.file)) : printable(r.file));
    const fileEnd = (mark) => (look.nul ? '\0' : look.color ? paint(SGR.separator, mark) : mark);
    const number = (n) => (look.color ? paint(SGR.number, String(n)) : String(n));
    const sep = (mark) => (look.color ? paint(SGR.separator, mark) : mark);
    const nul = look.nul ? '\0' : undefined;
    if (!look.context) {
        return {
            ...FORMATS.text,
            format: (r) => `${file(r)}${nul ?? fileEnd(':')}${number(r.line)}${sep(':')}${number(r.column)}\t${look.color ? colorUrl(r) : printable(r.url)}\n`,
        };
    }
    return {
        header: '',
        separator: `${sep('--')}\n`,
        footer: () => '',
        format(r, lines) {
            if (!lines || !r.exact)
                return `${file(r)}${nul ?? fileEnd(':')}${number(r.line)}${sep(':')}${number(r.column)}\t${look.color ? colorUrl(r) : printable(r.url)}\n`;
            let out = '';
            const first = r.line - lines.before.length;
            lines.before.forEach((text, i) => (out += `${file(r)}${nul ?? fileEnd('-')}${number(first + i)}${sep('-')}${printable(text)}\n`));
            const { line, matchStart, matchEnd } = lines;
            const shown = look.color
                ? `${printable(line.slice(0, matchStart))}${paint(SGR.match, printable(line.slice(matchStart, matchEnd)))}${printable(line.slice(matchEnd))}`
                : printable(line);
            out += `${file(r)}${nul ?? fileEnd(':')}${number(r.line)}${sep(':')}${number(r.column)}${sep(':')}${shown}\n`;
            lines.after.forEach((text, i) => (out += `${file(r)}${nul ?? fileEnd('-')}${number(r.line + 1 + i)}${sep('-')}${printable(text)}\n`));
            return out;
        },
    };
}
/** The URL with its scheme and host coloured (found in the printed URL as the parser read them). */
function colorUrl(r) {
    const url = printable(r.url);
    const colon = url.indexOf(':');
    const schemeEnd = colon > 0 && url.slice(0, colon).toLowerCase() === r.scheme ? colon : 0;
    const host = r.parts.host;
    const hostAt = host ? url.indexOf(host, schemeEnd) : -1;
    let out = schemeEnd > 0 ? paint(SGR.scheme, url.slice(0, schemeEnd)) : '';
    if (hostAt < 0 || !host)
        return out + url.slice(schemeEnd);
    return out + url.slice(schemeEnd, hostAt) + paint(SGR.host, host) + url.slice(hostAt + host.length);
}
/** The output formats, by name. */
export const FORMATS = {
    // grep style: file:line:column<TAB>url, so editors and `grep -n` habits work.
    text: {
        header: '',
        format: (r) => `${printable(r.file)}:${r.line}:${r.column}\t${printable(r.url)}\n`,
        separator: '',
        footer: () => '',
    },
    // Bare URLs, one a line, as urlview shows them.
    urls: {
        header: '',
        format: (r) => `${printable(r.url)}\n`,
        separator: '',
        footer: () => '',
    },
    jsonl: {
        header: '',
        format: (r) => `${terminalSafeJson(r)}\n`,
        separator: '',
        footer: () => '',
    },
    // One JSON array, one record a line, streamed rather than built in memory.
    json: {
        header: '[\n',
        format: (r) => terminalSafeJson(r),
        separator: ',\n',
        footer: (count) => (count === 0 ? ']\n' : '\n]\n'),
    },
    csv: {
        header: `${CSV_COLUMNS.join(',')}\n`,
        format: (r) => `${CSV_COLUMNS.map((column) => csvField(r[column])).join(',')}\n`,
        separator: '',
        footer: () => '',
    },
};
/**
 * One CSV field (RFC 4180 §2): quoted when it holds a comma, a double quote or a line
 * break, with quotes doubled. Lists are joined with spaces; null is empty. Control and
 * bidi characters are escaped as in {@link printable}. A field that a spreadsheet would
 * run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a
 * leading `'` and is quoted, as OWASP's "CSV Injection" page advises: a URL's text or a
 * file name comes from whoever sent the mail. The file name `-` (standard input) is no
 * formula and stays as it is.
 */
export function csvField(value) {
    if (value === null)
        return '';
    // Line breaks are data inside a quoted field (RFC 4180 §2.6); other controls are escaped.
    let text = printable(Array.isArray(value) ? value.join(' ') : String(value), true);
    if (typeof value !== 'number' && FORMULA_START.test(text) && text !== STDIN_NAME)
        text = `'${text}`;
    return /[",\r\n]/.test(text) || text.startsWith("'") ? `"${text.replaceAll('"', '""')}"` : text;
}
/** The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV Injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Characters that reorder text on screen (Unicode bidi controls: ALM, LRM, RLM, the
 * embeddings and overrides U+202A..U+202E, the isolates U+2066..U+2069): a file name or
 * header holding one can make a line read differently from what it is ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_FOR_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/**
 * Text for a terminal: C0 and C1 control characters, DEL and bidi controls
 * percent-encoded (as UTF-8), so that nothing read from a message or a file name can
 * move the cursor, recolour the screen or reorder a line. The scheme parsers refuse such
 * characters in URLs already; this also covers file names and header text. With
 * `keepLineBreaks`, CR and LF are left (for a quoted CSV field, or lines of a message).
 */
export function printable(text, keepLineBreaks = false) {
    if (!UNSAFE_FOR_TERMINAL.test(text))
        return text;
    let out = '';
    for (const char of text) {
        out += UNSAFE_FOR_TERMINAL.test(char) && !(keepLineBreaks && (char === '\n' || char === '\r'))
            ? Array.from(Buffer.from(char, 'utf8'), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
            : char;
    }
    return out;
}
/**
 * A record and its lines as JSON: the text of `JSON.stringify({ ...record, lineText,
 * linesBefore, linesAfter })` (`jobOffset` first when the record has one), made safe for a
 * terminal as {@link terminalSafeJson} does. Written field by field: the spread and the
 * generic walk over twenty fields cost more than the rest of writing a record.
 */
export function recordJson(r, lines, context) {
    const q = JSON.stringify;
    const last = lastRecord;
    let json = r.jobOffset === undefined ? '{"url":' : `{"jobOffset":${jsonNumber(r.jobOffset)},"url":`;
    json += `${q(r.url)},"scheme":${last.scheme.of(r.scheme)},"context":${last.context.of(r.context)},"file":${last.file.of(r.file)},"line":${jsonNumber(r.line)},"column":${jsonNumber(r.column)}`;
    json += `,"endLine":${jsonNumber(r.endLine)},"endColumn":${jsonNumber(r.endColumn)},"offset":${jsonNumber(r.offset)},"endOffset":${jsonNumber(r.endOffset)},"exact":${r.exact}`;
    json += `,"message":${r.message === null ? 'null' : jsonNumber(r.message)},"messageId":${last.messageId.of(r.messageId)},"newsgroups":${r.newsgroups === null ? 'null' : q(r.newsgroups)},"part":${last.part.of(r.part)},"header":${last.header.of(r.header)}`;
    json += `,"alternatives":${r.alternatives.length === 0 ? '[]' : q(r.alternatives)},"notes":${r.notes.length === 0 ? '[]' : q(r.notes)},"parts":${q(r.parts)}`;
    json += `,"lineText":${lines ? q(lines.line) : 'null'}`;
    if (context)
        json += `,"linesBefore":${lines ? q(lines.before) : '[]'},"linesAfter":${lines ? q(lines.after) : '[]'}`;
    json += '}';
    JSON_UNSAFE.lastIndex = 0;
    return JSON_UNSAFE.test(json) ? json.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}
/**
 * One field's last value and its JSON. Consecutive records nearly always share their file,
 * message, part, header, scheme and context, and a `JSON.stringify` call for a short string
 * cost about as much as a record's URL and line together (CPU profile of `recordJson`).
 */
class LastJson {
    value;
    json = '';
    of(value) {
        if (value !== this.value) {
            this.value = value;
            this.json = JSON.stringify(value);
        }
        return this.json;
    }
}
/** The fields {@link recordJson} keeps the last JSON of. */
const lastRecord = {
    scheme: new LastJson(),
    context: new LastJson(),
    file: new LastJson(),
    messageId: new LastJson(),
    part: new LastJson(),
    header: new LastJson(),
};
/** A number as JSON.stringify writes it (`null` for NaN and the infinities). */
function jsonNumber(n) {
    return Number.isFinite(n) ? String(n) : 'null';
}
/** Characters JSON.stringify leaves as they are but a terminal acts on: DEL, C1 and bidi controls. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/**
 * A record as JSON, with DEL, C1 and bidi controls written as `\\uXXXX` escapes (the same
 * value to any JSON reader; JSON.stringify already escapes C0), so that the output is safe
 * to show in a terminal.
 */
export function terminalSafeJson(value) {
    const json = JSON.stringify(value);
    JSON_UNSAFE.lastIndex = 0;
    return JSON_UNSAFE.test(json) ? json.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}
//# sourceMappingURL=formats.js.map