import { findLinks, isAllowedHref, resolveLinkPolicy } from './linkify-text.js';
import { indexLines, lastIndexAtOrBefore } from './lines.js';
/** Node types whose text is not prose: never scanned, never entered. */
const OPAQUE_TYPES = new Set([
    'link',
    'linkReference',
    'code',
    'inlineCode',
    'html',
    'image',
    'imageReference',
    'definition',
]);
/** Offsets of line starts in the source, for turning offsets into unist points. */
const LF = 0x0a;
const CR = 0x0d;
/**
 * The remark plugin: `unified().use(remarkParse).use(remarkUrlsift, options)`.
 *
 * Text outside links, link references, code, inline code and HTML becomes text and
 * link nodes, one link per URL; links that CommonMark made from `<URL:...>` get the
 * real URL (or become text again when that URL may not be linked). Ambiguous hyphen
 * breaks, unterminated wrappers and refused wrapped candidates become vfile messages
 * with `source` `urlsift` and the note or reason code as `ruleId`.
 *
 * New nodes get positions when the file's source is available (as it is in
 * `process`); a tree run without its file gets links without positions.
 */
const remarkUrlsift = function (options) {
    const policy = resolveLinkPolicy(options, 'remark-urlsift');
    return function transformer(tree, file) {
        const source = file !== undefined && file.value !== undefined ? String(file) : undefined;
        const state = { policy, source, lines: source === undefined ? undefined : indexLines(source, 0, source.length, true), file };
        walk(tree, state);
        return undefined;
    };
};
export default remarkUrlsift;
function walk(parent, state) {
    const children = parent.children;
    const result = [];
    let run = [];
    const flush = () => {
        // A loop, not `push(...nodes)`: a run may hold more nodes than a call takes arguments.
        if (run.length > 0)
            for (const node of linkifyRun(run, parent, state))
                result.push(node);
        run = [];
    };
    for (const child of children) {
        if (child.type === 'text' || child.type === 'break' || (child.type === 'link' && isAutoLink(child, state.source))) {
            run.push(child);
        }
        else {
            flush();
            result.push(child);
        }
    }
    flush();
    parent.children = result;
    for (const child of result) {
        if ('children' in child && !OPAQUE_TYPES.has(child.type))
            walk(child, state);
    }
}
/**
 * True for a link the parser made from plain text: one text child, no title, and a
 * source span that is that text (GFM autolink literal) or that text in `<` `>`
 * (CommonMark autolink). Its text takes part in the scan; other links stay opaque.
 */
function isAutoLink(link, source) {
    const child = link.children[0];
    if (link.children.length !== 1 || child?.type !== 'text' || link.title)
        return false;
    const start = link.position?.start.offset;
    const end = link.position?.end.offset;
    if (start === undefined || end === undefined)
        return false;
    if (source === undefined)
        return end - start === child.value.length || end - start === child.value.length + 2;
    const span = source.slice(start, end);
    return span === child.value || span === `<${child.value}>`;
}
/** Builds the run's pieces and string, links its URLs, and returns the replacement nodes. */
function linkifyRun(nodes, parent, state) {
    const pieces = [];
    let text = '';
    for (const node of nodes) {
        const piece = makePiece(node, text.length, state.source);
        pieces.push(piece);
        text += piece.text;
    }
    const run = { pieces, length: text.length, lines: state.lines };
    const decisions = findLinks(text, state.policy, (problem) => reportProblem(problem, run, parent, state.file));
    return rebuildRun(run, decisions, state.policy);
}
function makePiece(node, from, source) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const known = source !== undefined && start !== undefined && end !== undefined;
    if (node.type === 'break') {
        const piece = { node, text: '\n', from };
        if (known) {
            piece.starts = Int32Array.of(start);
            piece.ends = Int32Array.of(end);
        }
        return piece;
    }
    if (node.type === 'link') {
        const value = node.children[0].value;
        const span = start !== undefined && end !== undefined && end - start === value.length + 2;
        const text = span ? `<${value}>` : value;
        const piece = { node, text, from };
        if (known) {
            // An autolink's source is exactly its text: one source character per character.
            piece.starts = new Int32Array(text.length);
            piece.ends = new Int32Array(text.length);
            for (let i = 0; i < text.length; i++) {
                piece.starts[i] = start + i;
                piece.ends[i] = start + i + 1;
            }
        }
        return piece;
    }
    const piece = { node, text: node.value, from };
    if (known) {
        const aligned = alignValue(node.value, source, start, end);
        if (aligned) {
            piece.starts = aligned.starts;
            piece.ends = aligned.ends;
        }
    }
    return piece;
}
/**
 * Aligns a text node's value with its source slice `[from, to)`: where each value
 * character starts and ends in the source. The value differs from the source only
 * where CommonMark removed something: container prefixes and indentation after a
 * line ending (`> `, list indent), spaces before a soft line break (CommonMark §6.7),
 * backslash escapes (§2.4) and character references (§2.5). Returns `undefined`
 * when the two cannot be aligned, so that no wrong position is ever given.
 */
function alignValue(value, source, from, to) {
    const starts = new Int32Array(value.length);
    const ends = new Int32Array(value.length);
    let s = from;
    let v = 0;
    while (v < value.length) {
        const code = value.charCodeAt(v);
        if (code === LF || code === CR) {
            while (s < to && isSpaceOrTab(source.charCodeAt(s)))
                s++;
            if (source.charCodeAt(s) !== code)
                return undefined;
            starts[v] = s;
            ends[v] = s + 1;
            v++;
            s++;
            if (code === CR && value.charCodeAt(v) === LF)
                continue;
            // A paragraph's continuation line loses its container prefix and indentation.
            while (s < to && isPrefixCharacter(source.charCodeAt(s)) && source.charCodeAt(s) !== value.charCodeAt(v))
                s++;
            continue;
        }
        if (s >= to)
            return undefined;
        const here = source.charCodeAt(s);
        // CommonMark §2.4: a backslash before ASCII punctuation escapes it.
        if (here === 0x5c && isAsciiPunctuation(source.charCodeAt(s + 1)) && source.charCodeAt(s + 1) === code) {
            starts[v] = s;
            ends[v] = s + 2;
            v++;
            s += 2;
            continue;
        }
        if (here === 0x26) {
            const reference = readReference(source, s, to, value, v);
            if (reference) {
                for (let k = 0; k < reference.decoded; k++) {
                    starts[v + k] = s;
                    ends[v + k] = s + reference.length;
                }
                v += reference.decoded;
                s += reference.length;
                continue;
            }
        }
        if (here !== code)
            return undefined;
        starts[v] = s;
        ends[v] = s + 1;
        v++;
        s++;
    }
    return { starts, ends };
}
/** CommonMark §2.5 character references; both bounds keep the match short on hostile text. */
const REFERENCE = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/y;
/**
 * Reads a character reference at `s` that the value shows decoded at `v`: how many
 * source characters it takes and how many value characters it became. `undefined`
 * when the reference stayed literal (an unknown name) or there is none.
 */
function readReference(source, s, to, value, v) {
    REFERENCE.lastIndex = s;
    const found = REFERENCE.exec(source);
    if (!found || s + found[0].length > to)
        return undefined;
    const reference = found[0];
    const length = reference.length;
    if (reference.charCodeAt(1) === 0x23) {
        const hex = reference.charCodeAt(2) === 0x78 || reference.charCodeAt(2) === 0x58;
        const number = Number.parseInt(reference.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
        // §2.5: invalid code points and U+0000 decode to U+FFFD.
        const candidates = ['\uFFFD'];
        if (number > 0 && number <= 0x10ffff && (number < 0xd800 || number > 0xdfff))
            candidates.unshift(String.fromCodePoint(number));
        for (const decoded of candidates)
            if (value.startsWith(decoded, v))
                return { length, decoded: decoded.length };
        return undefined;
    }
    // Only `&amp;` decodes to `&`; any other name still spelled out in the value is unknown, so literal.
    const name = reference.slice(1, -1);
    if (value.startsWith(reference, v) && name !== 'amp' && name !== 'AMP')
        return undefined;
    // A named reference decodes to one or two code points; take the first reading after
    // which the value and the source agree again.
    const first = value.codePointAt(v);
    if (first === undefined)
        return undefined;
    const one = first > 0xffff ? 2 : 1;
    const second = value.codePointAt(v + one);
    const two = second === undefined ? undefined : one + (second > 0xffff ? 2 : 1);
    for (const decoded of two === undefined ? [one] : [one, two]) {
        if (agreesAfter(source, s + length, to, value, v + decoded))
            return { length, decoded };
    }
    return undefined;
}
function agreesAfter(source, s, to, value, v) {
    if (v >= value.length)
        return s >= to || source.slice(s, to).trim() === '';
    if (s >= to)
        return false;
    const here = source.charCodeAt(s);
    // An escape, another reference or a line ending is checked when the walk gets there.
    return here === value.charCodeAt(v) || here === 0x5c || here === 0x26 || isSpaceOrTab(here) || here === LF || here === CR;
}
function isSpaceOrTab(code) {
    return code === 0x20 || code === 0x09;
}
/** What may stand before a paragraph continuation line's text: indentation and `>` markers. */
function isPrefixCharacter(code) {
    return code === 0x20 || code === 0x09 || code === 0x3e;
}
function isAsciiPunctuation(code) {
    return ((code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e));
}
/** Index of the piece holding the run character at `offset` (the last piece starting at or before it). */
function pieceIndexAt(run, offset) {
    return lastIndexAtOrBefore(run.pieces.length, (i) => run.pieces[i]?.from ?? 0, offset);
}
/** The pieces sharing at least one character with `[start, end)`, in order. */
function piecesIn(run, start, end) {
    const found = [];
    if (end <= start)
        return found;
    for (let i = pieceIndexAt(run, start); i < run.pieces.length; i++) {
        const piece = run.pieces[i];
        if (!piece || piece.from >= end)
            break;
        if (piece.from + piece.text.length > start)
            found.push(piece);
    }
    return found;
}
/** The source position of the run's characters `[start, end)`, when known. */
function locate(run, start, end) {
    if (!run.lines || end <= start)
        return undefined;
    const first = run.pieces[pieceIndexAt(run, start)];
    const last = run.pieces[pieceIndexAt(run, end - 1)];
    const from = first?.starts?.[start - first.from];
    const to = last?.ends?.[end - 1 - last.from];
    if (from === undefined || to === undefined)
        return undefined;
    return { start: run.lines.point(from), end: run.lines.point(to) };
}
/** The run's new nodes: the old ones, split around a link for each decision. */
function rebuildRun(run, decisions, policy) {
    const out = [];
    let cursor = 0;
    for (const decision of decisions) {
        const span = findLinkSpan(run, decision);
        if (!span)
            continue;
        emitPlain(run, cursor, span.linkStart, out, policy);
        const existing = run.pieces[pieceIndexAt(run, span.linkStart)];
        const same = existing?.node.type === 'link' &&
            existing.from === span.linkStart &&
            existing.from + existing.text.length === span.linkEnd &&
            existing.node.url === decision.href;
        out.push(same ? existing.node : makeLink(run, decision.href, span));
        cursor = span.linkEnd;
    }
    emitPlain(run, cursor, run.length, out, policy);
    return out;
}
/**
 * Where the link and its text go. For a wrapper the link covers `<` to `>` and its
 * text leaves out those two delimiters, as a CommonMark autolink does; text before
 * the `<` (the draft form's `URL=`) stays text. `undefined` when the match would cut
 * into an existing link: no link inside a link, no link across one.
 */
function findLinkSpan(run, decision) {
    const { match } = decision;
    const start = match.position.start.offset;
    const end = match.position.end.offset;
    for (const piece of piecesIn(run, start, end)) {
        if (piece.node.type === 'link' && (piece.from < start || piece.from + piece.text.length > end))
            return undefined;
    }
    const open = match.raw.indexOf('<');
    if ((match.context === 'wrapper' || match.context === 'angle') && open !== -1 && match.raw.endsWith('>') && end - start - open > 2) {
        return { linkStart: start + open, labelStart: start + open + 1, labelEnd: end - 1, linkEnd: end };
    }
    return { linkStart: start, labelStart: start, labelEnd: end, linkEnd: end };
}
function makeLink(run, href, span) {
    const children = [];
    for (const piece of piecesIn(run, span.labelStart, span.labelEnd)) {
        if (piece.node.type === 'break') {
            children.push(piece.node);
            continue;
        }
        const from = Math.max(span.labelStart, piece.from);
        const to = Math.min(span.labelEnd, piece.from + piece.text.length);
        const value = piece.text.slice(from - piece.from, to - piece.from);
        const previous = children[children.length - 1];
        if (previous?.type === 'text') {
            // Text from neighbouring pieces (a GFM literal inside a wrapper) joins into one node.
            previous.value += value;
            const position = locate(run, from, to);
            if (previous.position && position)
                previous.position = { start: previous.position.start, end: position.end };
            else
                delete previous.position;
            continue;
        }
        children.push(makeText(run, value, from, to));
    }
    const link = { type: 'link', url: href, title: null, children };
    const position = locate(run, span.linkStart, span.linkEnd);
    if (position)
        link.position = position;
    return link;
}
function makeText(run, value, start, end) {
    const text = { type: 'text', value };
    const position = locate(run, start, end);
    if (position)
        text.position = position;
    return text;
}
/**
 * Appends the run's content `[start, end)` outside links: whole nodes where whole, text
 * slices otherwise. A link the parser made from the text (a CommonMark autolink or a GFM
 * literal) that urlsift did not link passes the same scheme policy as urlsift's own links:
 * `<file:///etc/passwd>` or `<javascript:...>` becomes text, as the "Not linked" message says.
 */
function emitPlain(run, start, end, out, policy) {
    for (const piece of piecesIn(run, start, end)) {
        const pieceEnd = piece.from + piece.text.length;
        if (piece.node.type === 'link' && (/^<url:/i.test(piece.text) || !isAllowedHref(piece.node.url, policy))) {
            // CommonMark linked `<URL:...>` to the address `URL:...` and urlsift does not
            // link it: plain text beats a link to a scheme named `URL`.
            out.push(makeText(run, piece.text, piece.from, pieceEnd));
        }
        else if (piece.from >= start && pieceEnd <= end) {
            out.push(piece.node);
        }
        else {
            const from = Math.max(start, piece.from);
            const to = Math.min(end, pieceEnd);
            out.push(makeText(run, piece.text.slice(from - piece.from, to - piece.from), from, to));
        }
    }
}
function reportProblem(problem, run, parent, file) {
    if (!file)
        return;
    const place = locate(run, problem.position.start.offset, problem.position.end.offset) ?? parent.position;
    file.message(problem.message, { place, ruleId: problem.ruleId, source: 'urlsift' });
}
//# sourceMappingURL=remark.js.map