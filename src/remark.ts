/**
 * `urlsift/remark`: a unified transformer that links the URLs urlsift finds in mdast
 * text, wrappers broken across lines included (RFC 1738 Appendix).
 *
 * Adjacent phrasing nodes that carry plain text (text, hard breaks, and the links that
 * CommonMark autolinks and GFM autolink literals made from the text) form a run. Each
 * run is scanned as one string, so `<URL:http://a.example/b/` + newline + `c.html>`
 * is read whole even where GFM linked `http://a.example/b/` on its own. Scanner
 * offsets map back to the source through an alignment of each text node's value with
 * its source slice, which gives the new nodes their positions.
 */
import type { Break, Link, Nodes, Root, Text } from 'mdast';
import type { Plugin } from 'unified';
import type { Point, Position } from 'unist';
import type { VFile } from 'vfile';
import { findLinks, isAllowedHref, resolveLinkPolicy } from './linkify-text.js';
import type { LinkDecision, LinkPolicy, LinkProblem, LinkifyTextOptions } from './linkify-text.js';
import { indexLines, lastIndexAtOrBefore, type LineIndex } from './lines.js';

/** Options for the remark plugin; the same as {@link LinkifyTextOptions}. */
export type RemarkUrlsiftOptions = LinkifyTextOptions;

/** Node types whose text is not prose: never scanned, never entered. */
const OPAQUE_TYPES: ReadonlySet<string> = new Set([
  'link',
  'linkReference',
  'code',
  'inlineCode',
  'html',
  'image',
  'imageReference',
  'definition',
]);

/** A plain-text link made by the markdown parser: a GFM literal, or a CommonMark autolink. */
interface AutoLink extends Link {
  children: [Text];
}

/** One node of a run, with its text and where each character of that text is in the source. */
interface Piece {
  node: Text | Break | AutoLink;
  /** The node's text as the scanner sees it. */
  text: string;
  /** Offset of `text` in the run's string. */
  from: number;
  /** Source offset where each character of `text` begins, and just after it ends; absent when unknown. */
  starts?: Int32Array;
  ends?: Int32Array;
  /** Set when the run's scan reported a problem on this piece, so that a refusal gets one message, not two. */
  reported?: boolean;
}

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
const remarkUrlsift: Plugin<[(RemarkUrlsiftOptions | null | undefined)?], Root> = function (options) {
  const policy = resolveLinkPolicy(options, 'remark-urlsift');
  return function transformer(tree: Root, file: VFile | undefined): undefined {
    const source = file !== undefined && file.value !== undefined ? String(file) : undefined;
    const state: State = { policy, source, lines: source === undefined ? undefined : indexLines(source, 0, source.length, true), file };
    walk(tree, state);
    return undefined;
  };
};

export default remarkUrlsift;

interface State {
  policy: LinkPolicy;
  source: string | undefined;
  lines: LineIndex | undefined;
  file: VFile | undefined;
}

type ParentNode = Extract<Nodes, { children: unknown }>;

function walk(parent: ParentNode, state: State): void {
  const children = parent.children as Nodes[];
  const result: Nodes[] = [];
  let run: Nodes[] = [];
  const flush = (): void => {
    // A loop, not `push(...nodes)`: a run may hold more nodes than a call takes arguments.
    if (run.length > 0) for (const node of linkifyRun(run, parent, state)) result.push(node);
    run = [];
  };
  for (const child of children) {
    if (child.type === 'text' || child.type === 'break' || (child.type === 'link' && isAutoLink(child, state.source))) {
      run.push(child);
    } else {
      flush();
      result.push(child);
    }
  }
  flush();
  (parent as { children: Nodes[] }).children = result;
  for (const child of result) {
    if ('children' in child && !OPAQUE_TYPES.has(child.type)) walk(child, state);
  }
}

/**
 * True for a link the parser made from plain text: one text child, no title, and a
 * source span that is that text (GFM autolink literal) or that text in `<` `>`
 * (CommonMark autolink). Its text takes part in the scan; other links stay opaque.
 */
function isAutoLink(link: Link, source: string | undefined): link is AutoLink {
  const child = link.children[0];
  if (link.children.length !== 1 || child?.type !== 'text' || link.title) return false;
  const start = link.position?.start.offset;
  const end = link.position?.end.offset;
  if (start === undefined || end === undefined) return false;
  if (source === undefined) return end - start === child.value.length || end - start === child.value.length + 2;
  const span = source.slice(start, end);
  return span === child.value || span === `<${child.value}>`;
}

/** Builds the run's pieces and string, links its URLs, and returns the replacement nodes. */
function linkifyRun(nodes: Nodes[], parent: ParentNode, state: State): Nodes[] {
  const pieces: Piece[] = [];
  let text = '';
  for (const node of nodes) {
    const piece = makePiece(node as Piece['node'], text.length, state.source);
    pieces.push(piece);
    text += piece.text;
  }
  const run: Run = { pieces, length: text.length, lines: state.lines };
  const decisions = findLinks(text, state.policy, (problem) => {
    for (const piece of piecesIn(run, problem.position.start.offset, problem.position.end.offset)) piece.reported = true;
    reportProblem(problem, run, parent, state.file);
  });
  return rebuildRun(run, decisions, state, parent);
}

function makePiece(node: Piece['node'], from: number, source: string | undefined): Piece {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const known = source !== undefined && start !== undefined && end !== undefined;
  if (node.type === 'break') {
    const piece: Piece = { node, text: '\n', from };
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
    const piece: Piece = { node, text, from };
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
  const piece: Piece = { node, text: node.value, from };
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
function alignValue(
  value: string,
  source: string,
  from: number,
  to: number,
): { starts: Int32Array; ends: Int32Array } | undefined {
  const starts = new Int32Array(value.length);
  const ends = new Int32Array(value.length);
  let s = from;
  let v = 0;
  while (v < value.length) {
    const code = value.charCodeAt(v);
    if (code === LF || code === CR) {
      while (s < to && isSpaceOrTab(source.charCodeAt(s))) s++;
      if (source.charCodeAt(s) !== code) return undefined;
      starts[v] = s;
      ends[v] = s + 1;
      v++;
      s++;
      if (code === CR && value.charCodeAt(v) === LF) continue;
      // A paragraph's continuation line loses its container prefix and indentation.
      while (s < to && isPrefixCharacter(source.charCodeAt(s)) && source.charCodeAt(s) !== value.charCodeAt(v)) s++;
      continue;
    }
    if (s >= to) return undefined;
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
    if (here !== code) return undefined;
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
function readReference(
  source: string,
  s: number,
  to: number,
  value: string,
  v: number,
): { length: number; decoded: number } | undefined {
  REFERENCE.lastIndex = s;
  const found = REFERENCE.exec(source);
  if (!found || s + found[0].length > to) return undefined;
  const reference = found[0];
  const length = reference.length;
  if (reference.charCodeAt(1) === 0x23) {
    const hex = reference.charCodeAt(2) === 0x78 || reference.charCodeAt(2) === 0x58;
    const number = Number.parseInt(reference.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
    // §2.5: invalid code points and U+0000 decode to U+FFFD.
    const candidates = ['\uFFFD'];
    if (number > 0 && number <= 0x10ffff && (number < 0xd800 || number > 0xdfff)) candidates.unshift(String.fromCodePoint(number));
    for (const decoded of candidates) if (value.startsWith(decoded, v)) return { length, decoded: decoded.length };
    return undefined;
  }
  // Only `&amp;` decodes to `&`; any other name still spelled out in the value is unknown, so literal.
  const name = reference.slice(1, -1);
  if (value.startsWith(reference, v) && name !== 'amp' && name !== 'AMP') return undefined;
  // A named reference decodes to one or two code points; take the first reading after
  // which the value and the source agree again.
  const first = value.codePointAt(v);
  if (first === undefined) return undefined;
  const one = first > 0xffff ? 2 : 1;
  const second = value.codePointAt(v + one);
  const two = second === undefined ? undefined : one + (second > 0xffff ? 2 : 1);
  for (const decoded of two === undefined ? [one] : [one, two]) {
    if (agreesAfter(source, s + length, to, value, v + decoded)) return { length, decoded };
  }
  return undefined;
}

function agreesAfter(source: string, s: number, to: number, value: string, v: number): boolean {
  if (v >= value.length) return s >= to || source.slice(s, to).trim() === '';
  if (s >= to) return false;
  const here = source.charCodeAt(s);
  // An escape, another reference or a line ending is checked when the walk gets there.
  return here === value.charCodeAt(v) || here === 0x5c || here === 0x26 || isSpaceOrTab(here) || here === LF || here === CR;
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** What may stand before a paragraph continuation line's text: indentation and `>` markers. */
function isPrefixCharacter(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x3e;
}

function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e)
  );
}

/** A run: its pieces in order, covering its string `[0, length)` without gaps. */
interface Run {
  pieces: Piece[];
  length: number;
  lines: LineIndex | undefined;
}

/** Where a link goes in the run's string; see {@link findLinkSpan}. */
interface LinkSpan {
  linkStart: number;
  labelStart: number;
  labelEnd: number;
  linkEnd: number;
}

/** Index of the piece holding the run character at `offset` (the last piece starting at or before it). */
function pieceIndexAt(run: Run, offset: number): number {
  return lastIndexAtOrBefore(run.pieces.length, (i) => run.pieces[i]?.from ?? 0, offset);
}

/** The pieces sharing at least one character with `[start, end)`, in order. */
function piecesIn(run: Run, start: number, end: number): Piece[] {
  const found: Piece[] = [];
  if (end <= start) return found;
  for (let i = pieceIndexAt(run, start); i < run.pieces.length; i++) {
    const piece = run.pieces[i];
    if (!piece || piece.from >= end) break;
    if (piece.from + piece.text.length > start) found.push(piece);
  }
  return found;
}

/** The source position of the run's characters `[start, end)`, when known. */
function locate(run: Run, start: number, end: number): Position | undefined {
  if (!run.lines || end <= start) return undefined;
  const first = run.pieces[pieceIndexAt(run, start)];
  const last = run.pieces[pieceIndexAt(run, end - 1)];
  const from = first?.starts?.[start - first.from];
  const to = last?.ends?.[end - 1 - last.from];
  if (from === undefined || to === undefined) return undefined;
  return { start: run.lines.point(from), end: run.lines.point(to) };
}

/** The run's new nodes: the old ones, split around a link for each decision. */
function rebuildRun(run: Run, decisions: LinkDecision[], state: State, parent: ParentNode): Nodes[] {
  const out: Nodes[] = [];
  let cursor = 0;
  for (const decision of decisions) {
    const span = findLinkSpan(run, decision);
    if (!span) continue;
    emitPlain(run, cursor, span.linkStart, out, state, parent);
    const existing = run.pieces[pieceIndexAt(run, span.linkStart)];
    const same =
      existing?.node.type === 'link' &&
      existing.from === span.linkStart &&
      existing.from + existing.text.length === span.linkEnd &&
      existing.node.url === decision.href;
    out.push(same ? existing.node : makeLink(run, decision.href, span));
    cursor = span.linkEnd;
  }
  emitPlain(run, cursor, run.length, out, state, parent);
  return out;
}

/**
 * Where the link and its text go. For a wrapper the link covers `<` to `>` and its
 * text leaves out those two delimiters, as a CommonMark autolink does; text before
 * the `<` (the draft form's `URL=`) stays text. `undefined` when the match would cut
 * into an existing link: no link inside a link, no link across one.
 */
function findLinkSpan(run: Run, decision: LinkDecision): LinkSpan | undefined {
  const { match } = decision;
  const start = match.position.start.offset;
  const end = match.position.end.offset;
  for (const piece of piecesIn(run, start, end)) {
    if (piece.node.type === 'link' && (piece.from < start || piece.from + piece.text.length > end)) return undefined;
  }
  const open = match.raw.indexOf('<');
  if ((match.context === 'wrapper' || match.context === 'angle') && open !== -1 && match.raw.endsWith('>') && end - start - open > 2) {
    return { linkStart: start + open, labelStart: start + open + 1, labelEnd: end - 1, linkEnd: end };
  }
  return { linkStart: start, labelStart: start, labelEnd: end, linkEnd: end };
}

function makeLink(run: Run, href: string, span: LinkSpan): Link {
  const children: Link['children'] = [];
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
      if (previous.position && position) previous.position = { start: previous.position.start, end: position.end };
      else delete previous.position;
      continue;
    }
    children.push(makeText(run, value, from, to));
  }
  const link: Link = { type: 'link', url: href, title: null, children };
  const position = locate(run, span.linkStart, span.linkEnd);
  if (position) link.position = position;
  return link;
}

function makeText(run: Run, value: string, start: number, end: number): Text {
  const text: Text = { type: 'text', value };
  const position = locate(run, start, end);
  if (position) text.position = position;
  return text;
}

/**
 * Appends the run's content `[start, end)` outside links: whole nodes where whole, text
 * slices otherwise. A link the parser made from the text (a CommonMark autolink or a GFM
 * literal) that urlsift did not link stays a link only when urlsift links its URL under
 * the same policy as `linkifyText` (see {@link acceptsAutoLinkUrl}): `<file:///etc/passwd>`,
 * `<javascript:...>` or a URL with a bidi control (`<http://a.example/\u202Eevil>`)
 * becomes text, as the "Not linked" message says.
 */
function emitPlain(run: Run, start: number, end: number, out: Nodes[], state: State, parent: ParentNode): void {
  for (const piece of piecesIn(run, start, end)) {
    const pieceEnd = piece.from + piece.text.length;
    if (piece.node.type === 'link' && (/^<url:/i.test(piece.text) || !isAllowedHref(piece.node.url, state.policy))) {
      // CommonMark linked `<URL:...>` to the address `URL:...` and urlsift does not
      // link it: plain text beats a link to a scheme named `URL`.
      out.push(makeText(run, piece.text, piece.from, pieceEnd));
    } else if (piece.node.type === 'link' && !acceptsAutoLinkUrl(piece, run, parent, state)) {
      out.push(makeText(run, piece.text, piece.from, pieceEnd));
    } else if (piece.from >= start && pieceEnd <= end) {
      out.push(piece.node);
    } else {
      const from = Math.max(start, piece.from);
      const to = Math.min(end, pieceEnd);
      out.push(makeText(run, piece.text.slice(from - piece.from, to - piece.from), from, to));
    }
  }
}

/**
 * True when urlsift links the URL of a parser-made link under the run's policy: read in
 * `<` `>` (the parser has already delimited it), the URL must be one link, whole, to
 * itself. A refused one (a bidi control, a host IDNA refuses, ...) is told once: the
 * run's scan already reported a wrapped candidate; a GFM literal's refusal is reported
 * here, on the literal.
 */
function acceptsAutoLinkUrl(piece: Piece, run: Run, parent: ParentNode, state: State): boolean {
  const url = (piece.node as AutoLink).url;
  const wrapped = `<${url}>`;
  const problems: LinkProblem[] = [];
  const decisions = findLinks(wrapped, state.policy, (problem) => problems.push(problem));
  const only = decisions.length === 1 ? decisions[0] : undefined;
  if (only && only.href === url && only.match.position.start.offset === 0 && only.match.position.end.offset === wrapped.length) return true;
  if (!piece.reported) {
    // The problems are located in `wrapped`, not in the run: each goes on the whole literal.
    const end = piece.from + piece.text.length;
    if (problems.length === 0) report('autolink-refused', `Not linked: \`${url}\``, piece.from, end, run, parent, state.file);
    for (const problem of problems) report(problem.ruleId, problem.message, piece.from, end, run, parent, state.file);
  }
  return false;
}

function reportProblem(problem: LinkProblem, run: Run, parent: ParentNode, file: VFile | undefined): void {
  report(problem.ruleId, problem.message, problem.position.start.offset, problem.position.end.offset, run, parent, file);
}

/** A vfile message on the run's characters `[start, end)`, or on the parent when they have no position. */
function report(ruleId: string, message: string, start: number, end: number, run: Run, parent: ParentNode, file: VFile | undefined): void {
  if (!file) return;
  const place = locate(run, start, end) ?? parent.position;
  file.message(message, { place, ruleId, source: 'urlsift' });
}
