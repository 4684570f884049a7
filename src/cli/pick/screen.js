/**
 * The picker's full-screen list, drawn with terminal-kit (see the README's "Picking
 * a URL" for why that library). terminal-kit owns everything the terminal needs:
 * the alternate screen, raw keys and their names, resizes, width-aware drawing with
 * a screen buffer that sends only what changed, and the clipboard. This module only
 * lays out a {@link PickState} and maps keys to the list model's functions.
 */
import { spawn } from 'node:child_process';
import termkit from 'terminal-kit';
import { createPickState, currentReading, moveCursor, selectedItem, selectedUrl, setFilter, switchReading, } from './list.js';
import { confirmationReason, openCommand } from './open.js';
import { displayText } from './safe-text.js';
/** Exit code after Ctrl-C, as a shell reports a process ended by SIGINT. */
const EXIT_INTERRUPTED = 130;
/** Lines of the help screen. */
const HELP = [
    'urlsift pick: keys',
    '',
    '  Up, k        previous URL          Down, j     next URL',
    '  PgUp, PgDn   a page up or down     Home, End   first or last URL',
    '  /            filter as you type (Enter keeps the filter, Esc clears it)',
    '  Enter        open the URL          c           copy it to the clipboard',
    '  a            switch between the readings of a hyphen broken at a line end',
    '  ?            this help             q, Esc      quit',
    '',
    'A URL with a password, or with a scheme urlsift does not open by default,',
    'asks before it is opened. Press any key to go back.',
];
/** Shows the list until the user quits (or opens one URL with `single`); resolves to the exit code. */
export function runScreen(options) {
    const kit = termkit;
    const guessed = kit.guessTerminal();
    // A terminal whose TERM says 256color gets terminal-kit's xterm-256color set-up (what such a
    // terminal claims to be): its fallback for terminals it does not know (tmux, screen) maps all
    // 256 colours down to 16 first, the largest part of the picker's start-up (about 160 ms of
    // CPU in a --cpu-prof run), and leaves the clipboard to xclip alone, where xterm-256color
    // copies with OSC 52, which tmux and most terminal emulators take (over ssh too).
    const colors256 = /256color/.test(process.env.TERM ?? '') && !guessed.appId?.endsWith('256color');
    const term = kit.createTerminal({
        stdin: options.input,
        stdout: options.output,
        stderr: process.stderr,
        generic: colors256 ? 'xterm-256color' : guessed.generic ?? 'xterm',
        appId: colors256 ? 'xterm-256color' : guessed.safe ? guessed.appId : undefined,
        isTTY: true,
        isSSH: guessed.isSSH,
    });
    let state = createPickState(options.items);
    let mode = { kind: 'list' };
    let status = '';
    let top = 0;
    let buffer = kit.ScreenBuffer.create({ dst: term, width: term.width, height: term.height });
    let busy = false;
    const clean = (text) => displayText(text, options.ascii);
    /** The rows of the item at `position` of the shown list. */
    const itemRows = (position) => {
        const index = state.shown[position] ?? 0;
        const selected = position === state.cursor;
        const item = state.items[index];
        const url = currentReading(state, index);
        if (!item)
            return [];
        const number = `${String(position + 1).padStart(3)} `;
        const marker = `${selected ? (options.ascii ? '>' : '▶') : ' '}${number}`;
        // The selected URL is shown whole, over as many rows as a narrow terminal needs; the others are cut at the edge.
        const pieces = selected ? splitColumns(clean(url), Math.max(8, term.width - marker.length)) : [clean(url)];
        const urlAttr = selected ? { inverse: true, bold: true } : { bold: true };
        const rows = pieces.map((piece, row) => [{ text: row === 0 ? marker : ' '.repeat(marker.length), attr: { bold: true } }, { text: piece, attr: urlAttr }]);
        if (options.compact) {
            // One line: a URL with other readings says which one it shows.
            if (item.readings.length > 1)
                rows[rows.length - 1]?.push({ text: `  ${(state.reading[index] ?? 0) + 1}/${item.readings.length} (a)`, attr: { color: 'yellow' } });
            return rows;
        }
        for (const line of item.lines)
            rows.push(contextRow(line, clean));
        for (const note of item.notes) {
            if (note === 'hyphen-break') {
                const current = (state.reading[index] ?? 0) + 1;
                rows.push([{ text: `      ! hyphen-break: reading ${current} of ${item.readings.length} (a switches); the others:`, attr: { color: 'yellow' } }]);
                item.readings.forEach((reading, which) => {
                    if (which !== state.reading[index])
                        rows.push([{ text: `          ${clean(reading)}`, attr: { color: 'yellow' } }]);
                });
            }
            else {
                rows.push([{ text: `      ! ${note}`, attr: { color: note === 'password' ? 'red' : 'yellow' } }]);
            }
        }
        rows.push([]);
        return rows;
    };
    const draw = () => {
        const width = term.width;
        const height = term.height;
        buffer.fill({ char: ' ', attr: {} });
        const put = (y, row) => {
            let x = 0;
            for (const piece of row) {
                if (x >= width)
                    break;
                buffer.put({ x, y, attr: piece.attr ?? {}, wrap: false }, piece.text);
                x += stringWidth(piece.text);
            }
        };
        const count = state.shown.length;
        const title = state.filter ? `${count} of ${state.items.length} URLs match "${clean(state.filter)}"` : `${state.items.length} URL${state.items.length === 1 ? '' : 's'}`;
        put(0, [{ text: padTo(` urlsift pick: ${title}   ? help  q quit`, width), attr: { inverse: true } }]);
        const listTop = 1;
        const listHeight = Math.max(1, height - 2);
        if (mode.kind === 'help') {
            HELP.forEach((line, y) => {
                if (y < listHeight)
                    put(listTop + y, [{ text: line }]);
            });
        }
        else if (count === 0) {
            put(listTop, [{ text: '  (no URL matches the filter)', attr: { dim: true } }]);
        }
        else {
            const blocks = state.shown.map((_, position) => (position >= Math.min(top, state.cursor) && position <= state.cursor + listHeight ? itemRows(position) : undefined));
            // Keep the selected URL (and as much of its context as fits) on the screen.
            if (state.cursor < top)
                top = state.cursor;
            const rowsFrom = (from, to) => {
                let sum = 0;
                for (let i = from; i <= to; i++)
                    sum += blocks[i]?.length ?? 1;
                return sum;
            };
            while (top < state.cursor && rowsFrom(top, state.cursor) > listHeight)
                top++;
            let y = listTop;
            for (let position = top; position < count && y < listTop + listHeight; position++) {
                const rows = blocks[position] ?? itemRows(position);
                for (const row of rows) {
                    if (y >= listTop + listHeight)
                        break;
                    put(y++, row);
                }
            }
        }
        put(height - 1, footer(width));
        buffer.draw({ delta: true });
    };
    const footer = (width) => {
        if (mode.kind === 'filter')
            return [{ text: `/${clean(state.filter)}`, attr: { bold: true } }, { text: options.ascii ? '_' : '█' }, { text: '   Enter keeps, Esc clears', attr: { dim: true } }];
        if (mode.kind === 'confirm')
            return [{ text: padTo(`Open it? ${mode.reason}. y opens, any other key does not.`, width), attr: { inverse: true, color: 'red' } }];
        if (status)
            return [{ text: clean(status), attr: { dim: true } }];
        return [{ text: 'Enter open  c copy  / filter  a readings  ? help  q quit', attr: { dim: true } }];
    };
    return new Promise((resolve) => {
        const finish = (code) => {
            term.styleReset();
            term.hideCursor(false);
            term.fullscreen(false);
            term.grabInput(false);
            resolve(code);
        };
        const open = (url) => {
            const { file, args } = openCommand(options.opener, url);
            busy = true;
            // Hand the terminal over, as urlview does: a text browser needs it, a desktop opener returns at once.
            term.fullscreen(false);
            term.grabInput(false);
            const child = spawn(file, args, { stdio: [ttyFd(options.input), ttyFd(options.output), 'inherit'] });
            const done = (message) => {
                busy = false;
                if (options.single) {
                    finish(0);
                    return;
                }
                term.fullscreen(true);
                term.grabInput(true);
                term.hideCursor(true);
                status = message;
                buffer = kit.ScreenBuffer.create({ dst: term, width: term.width, height: term.height });
                draw();
            };
            child.once('error', (error) => done(`could not run ${file}: ${error.code === 'ENOENT' ? 'no such program' : error.message}`));
            child.once('exit', (code, signal) => done(code === 0 ? `opened ${url}` : `${file} ${signal ? `ended by ${signal}` : `exited with ${code}`} for ${url}`));
        };
        const tryOpen = () => {
            const item = selectedItem(state);
            const url = selectedUrl(state);
            if (!item || url === undefined)
                return;
            const reason = confirmationReason(item, url);
            if (reason)
                mode = { kind: 'confirm', url, reason };
            else
                open(url);
        };
        const page = () => Math.max(1, Math.floor((term.height - 2) / (options.compact ? 1 : 4)));
        term.on('key', (name, _matches, data) => {
            if (busy)
                return;
            if (name === 'CTRL_C')
                return finish(EXIT_INTERRUPTED);
            status = '';
            if (mode.kind === 'help') {
                mode = { kind: 'list' };
            }
            else if (mode.kind === 'confirm') {
                const url = mode.url;
                mode = { kind: 'list' };
                if (name === 'y' || name === 'Y')
                    return open(url);
                status = 'not opened';
            }
            else if (mode.kind === 'filter' && (data.isCharacter || name === 'BACKSPACE' || name === 'ESCAPE' || name === 'ENTER')) {
                if (name === 'ESCAPE') {
                    state = setFilter(state, '');
                    mode = { kind: 'list' };
                }
                else if (name === 'ENTER')
                    mode = { kind: 'list' };
                else if (name === 'BACKSPACE')
                    state = setFilter(state, state.filter.slice(0, -1));
                else
                    state = setFilter(state, state.filter + name);
            }
            else if (name === 'UP' || (mode.kind === 'list' && name === 'k'))
                state = moveCursor(state, -1);
            else if (name === 'DOWN' || (mode.kind === 'list' && name === 'j'))
                state = moveCursor(state, 1);
            else if (name === 'PAGE_UP')
                state = moveCursor(state, -page());
            else if (name === 'PAGE_DOWN')
                state = moveCursor(state, page());
            else if (name === 'HOME')
                state = moveCursor(state, -state.shown.length);
            else if (name === 'END')
                state = moveCursor(state, state.shown.length);
            else if (name === 'q' || name === 'ESCAPE')
                return finish(0);
            else if (name === '/')
                mode = { kind: 'filter' };
            else if (name === '?')
                mode = { kind: 'help' };
            else if (name === 'a')
                state = switchReading(state);
            else if (name === 'ENTER')
                tryOpen();
            else if (name === 'c') {
                const url = selectedUrl(state);
                if (url !== undefined) {
                    void term.setClipboard(url);
                    status = `copied ${url}`;
                }
            }
            if (!busy)
                draw();
        });
        term.on('resize', () => {
            buffer = kit.ScreenBuffer.create({ dst: term, width: term.width, height: term.height });
            draw();
        });
        term.fullscreen(true);
        term.hideCursor(true);
        term.grabInput(true);
        draw();
    });
}
/** A context line: the text in normal type, the URL's span (its wrapper included) highlighted. */
function contextRow(line, clean) {
    // The message's own indentation is dropped: the list indents every context line alike.
    const indent = line.text.length - line.text.trimStart().length;
    const start = Math.max(indent, line.highlightStart);
    const end = Math.max(indent, line.highlightEnd);
    return [
        { text: '      ' },
        { text: clean(line.text.slice(indent, start)), attr: { dim: true } },
        { text: clean(line.text.slice(start, end)), attr: { color: 'cyan', underline: true } },
        { text: clean(line.text.slice(end)), attr: { dim: true } },
    ];
}
/** Cuts `text` into pieces of at most `columns` columns (a piece holds at least one character). */
function splitColumns(text, columns) {
    const pieces = [];
    let piece = '';
    let width = 0;
    for (const char of text) {
        const charWidth = stringWidth(char);
        if (piece !== '' && width + charWidth > columns) {
            pieces.push(piece);
            piece = '';
            width = 0;
        }
        piece += char;
        width += charWidth;
    }
    pieces.push(piece);
    return pieces;
}
/** The file descriptor under a terminal stream (Node sets `fd` on tty streams; its types do not say so). */
function ttyFd(stream) {
    return stream.fd;
}
/** Columns `text` takes (terminal-kit's own measure, so layout and drawing agree). */
function stringWidth(text) {
    return termkit.stringWidth(text);
}
function padTo(text, width) {
    const missing = width - stringWidth(text);
    return missing > 0 ? text + ' '.repeat(missing) : text;
}
//# sourceMappingURL=screen.js.map