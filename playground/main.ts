/**
 * The playground page: a mail in a text area and, live as it changes, the matches of
 * `findUrls` highlighted in place, the HTML of `linkifyText`, and tables of matches and
 * of rejected candidates (`onReject`). The scan runs in a Web Worker; the page only
 * renders. Everything is built with DOM calls and text nodes, except the linkified
 * pane, which shows `linkifyText`'s output as the HTML it is (escaped by urlsift).
 */
import type { Match, RejectedCandidate } from 'urlsift';
import { SAMPLE_MAIL } from './sample.js';
import { sift, type SiftOptions, type SiftRequest, type SiftResponse, type SiftResult } from './sift.js';

/** Wait this long after the last keystroke before scanning, so a burst of typing costs one scan. */
const DEBOUNCE_MS = 60;

/**
 * Rows shown per table. A megabyte of mail can hold tens of thousands of URLs; a table
 * that long helps nobody and costs the page seconds to lay out. The highlighted text
 * and the linkified pane still show every match.
 */
const MAX_TABLE_ROWS = 1000;

/** The longest string shown in a table cell or the tooltip before it is cut with an ellipsis. */
const MAX_CELL_LENGTH = 300;

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`playground: #${id} is missing from index.html`);
  return found as T;
}

const input = element<HTMLTextAreaElement>('input');
const strict = element<HTMLInputElement>('strict');
const emails = element<HTMLInputElement>('emails');
const schemeless = element<HTMLInputElement>('schemeless');
const hyphen = element<HTMLSelectElement>('hyphen');
const status = element<HTMLOutputElement>('status');
const highlighted = element<HTMLPreElement>('highlighted');
const linkified = element<HTMLDivElement>('linkified');
const linkifiedSource = element<HTMLPreElement>('linkified-source');
const linkifiedDetails = element<HTMLDetailsElement>('linkified-details');
const tooltip = element<HTMLDivElement>('tooltip');

function readOptions(): SiftOptions {
  return { strict: strict.checked, emails: emails.checked, schemeless: schemeless.checked, hyphen: hyphen.value === 'drop' ? 'drop' : 'keep' };
}

/** Where scans run: a worker, or this page's own thread when no worker can be had. */
let worker: Worker | undefined = startWorker();
let nextId = 1;
/** The request being worked on, if any; only one is in flight at a time. */
let inFlight: SiftRequest | undefined;
/** The text or the options changed while a request was in flight. */
let stale = false;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The matches on screen, for the tooltip. */
let shown: Match[] = [];
/** linkifyText's output on screen; its source is shown only while the HTML panel is open. */
let shownHtml = '';

function startWorker(): Worker | undefined {
  try {
    const started = new Worker('worker.js');
    started.onmessage = (event: MessageEvent<SiftResponse>) => receive(event.data);
    started.onerror = (event) => {
      // A worker that cannot load (a page opened from file://) reports here; scan in the page.
      event.preventDefault();
      started.terminate();
      worker = undefined;
      const request = inFlight;
      inFlight = undefined;
      if (request) send();
    };
    return started;
  } catch {
    return undefined;
  }
}

function schedule(): void {
  document.body.dataset.state = 'busy';
  clearTimeout(timer);
  timer = setTimeout(send, DEBOUNCE_MS);
}

function send(): void {
  if (inFlight) {
    stale = true;
    return;
  }
  const request: SiftRequest = { id: nextId++, text: input.value, options: readOptions() };
  inFlight = request;
  stale = false;
  if (worker) {
    worker.postMessage(request);
  } else {
    // No worker: answer on this thread, after the current event so the page can paint first.
    setTimeout(() => receive(sift(request)), 0);
  }
}

function receive(response: SiftResponse): void {
  const request = inFlight;
  if (!request || response.id !== request.id) return;
  inFlight = undefined;
  if (stale) {
    send();
    return;
  }
  if ('error' in response) {
    status.textContent = `urlsift failed: ${response.error}`;
    document.body.dataset.state = 'error';
    return;
  }
  render(request, response);
}

function render(request: SiftRequest, result: SiftResult): void {
  const started = performance.now();
  shown = result.matches;
  renderHighlighted(request.text, result.matches);
  renderLinkified(result.html);
  shownHtml = result.html;
  showSource();
  renderMatches(result.matches);
  renderRejected(result.rejected);
  const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
  const where = worker ? 'in a worker' : 'in the page';
  status.textContent =
    `${plural(result.matches.length, 'match', 'matches')}, ${plural(result.rejected.length, 'rejected candidate')} in ` +
    `${plural(request.text.length, 'character')} · scanned in ${result.elapsed.toFixed(1)} ms ${where}, ` +
    `shown in ${(performance.now() - started).toFixed(1)} ms`;
  status.dataset.engine = worker ? 'worker' : 'page';
  status.dataset.length = String(request.text.length);
  status.dataset.matches = String(result.matches.length);
  status.dataset.rejected = String(result.rejected.length);
  document.body.dataset.state = 'ready';
}

/**
 * Lines per block of a rendered pane. Each block is laid out only when it scrolls into
 * view (`content-visibility: auto` in style.css), which keeps a pasted megabyte from
 * freezing the page; a block never ends inside a match.
 */
const BLOCK_LINES = 100;

function newBlock(pane: ParentNode): HTMLElement {
  const block = document.createElement('span');
  block.className = 'block';
  pane.append(block);
  return block;
}

/** The text with each match in a `<mark>`, in place; matches never overlap (findUrls reports them in order). */
function renderHighlighted(text: string, matches: Match[]): void {
  const pane = document.createDocumentFragment();
  let block = newBlock(pane);
  let lines = 0;
  // Appends plain text, starting a new block after every BLOCK_LINES line breaks.
  const appendPlain = (from: number, to: number): void => {
    let pieceStart = from;
    let at = from;
    for (;;) {
      const lineEnd = text.indexOf('\n', at);
      if (lineEnd === -1 || lineEnd >= to) break;
      at = lineEnd + 1;
      if (++lines < BLOCK_LINES) continue;
      block.append(text.slice(pieceStart, at));
      pieceStart = at;
      block = newBlock(pane);
      lines = 0;
    }
    if (pieceStart < to) block.append(text.slice(pieceStart, to));
  };
  let from = 0;
  matches.forEach((match, index) => {
    const { start, end } = match.position;
    if (start.offset < from) return;
    appendPlain(from, start.offset);
    const mark = document.createElement('mark');
    mark.className = `match ${match.context}${match.notes.length > 0 ? ' noted' : ''}`;
    mark.tabIndex = 0;
    mark.dataset.index = String(index);
    mark.dataset.url = match.url;
    mark.textContent = text.slice(start.offset, end.offset);
    block.append(mark);
    lines += end.line - start.line;
    from = end.offset;
  });
  appendPlain(from, text.length);
  highlighted.replaceChildren(pane);
}

/**
 * linkifyText's HTML in blocks of {@link BLOCK_LINES} lines, cut only at line breaks
 * outside links. Its only tags are `<a href="...">` and `</a>` (every `<` of the
 * text is escaped), so a `<` followed by `/` closes a link and any other opens one.
 */
function renderLinkified(html: string): void {
  const pane = document.createDocumentFragment();
  let pieceStart = 0;
  let lines = 0;
  let inLink = false;
  for (let i = 0; i < html.length; i++) {
    const code = html.charCodeAt(i);
    if (code === 0x3c) inLink = html.charCodeAt(i + 1) !== 0x2f;
    else if (code === 0x0a && !inLink && ++lines >= BLOCK_LINES) {
      newBlock(pane).innerHTML = html.slice(pieceStart, i + 1);
      pieceStart = i + 1;
      lines = 0;
    }
  }
  newBlock(pane).innerHTML = html.slice(pieceStart);
  linkified.replaceChildren(pane);
}

/** Fills the HTML source panel when it is open: a megabyte of markup costs layout time nobody looks at otherwise. */
function showSource(): void {
  linkifiedSource.textContent = linkifiedDetails.open ? shownHtml : '';
}

function cut(text: string): string {
  return text.length > MAX_CELL_LENGTH ? `${text.slice(0, MAX_CELL_LENGTH)}…` : text;
}

function cell(row: HTMLTableRowElement, text: string, className?: string): void {
  const td = row.insertCell();
  td.textContent = cut(text);
  if (className) td.className = className;
}

function span(position: Match['position']): string {
  return `${position.start.line}:${position.start.column}–${position.end.line}:${position.end.column}`;
}

/** A last row for an empty table, or saying how many rows were left out when it is cut at {@link MAX_TABLE_ROWS}. */
function noteOmitted(body: HTMLTableSectionElement, total: number, columns: number): void {
  if (total > 0 && total <= MAX_TABLE_ROWS) return;
  const td = body.insertRow().insertCell();
  td.colSpan = columns;
  td.className = 'omitted';
  td.textContent =
    total === 0 ? 'none' : `… and ${(total - MAX_TABLE_ROWS).toLocaleString('en')} more (the first ${MAX_TABLE_ROWS.toLocaleString('en')} are shown)`;
}

/** A table cell: its text and, optionally, a class for its style. */
type Cell = [text: string, className?: string];

/** Replaces table body `id` with one row per item, at most {@link MAX_TABLE_ROWS}. */
function renderRows<T>(id: string, items: T[], columns: number, cells: (item: T) => Cell[]): void {
  const body = document.createElement('tbody');
  body.id = id;
  for (const item of items.slice(0, MAX_TABLE_ROWS)) {
    const row = body.insertRow();
    for (const [text, className] of cells(item)) cell(row, text, className);
  }
  noteOmitted(body, items.length, columns);
  element(id).replaceWith(body);
}

function renderMatches(matches: Match[]): void {
  renderRows('match-rows', matches, 4, (match) => [
    [span(match.position), 'where'],
    [match.context],
    [match.url, 'url'],
    [[...match.notes, ...match.alternatives.map((reading) => `or ${reading}`)].join(', ')],
  ]);
}

function renderRejected(rejected: RejectedCandidate[]): void {
  renderRows('reject-rows', rejected, 5, (candidate) => [
    [span(candidate.position), 'where'],
    [candidate.context],
    [candidate.candidate, 'url'],
    [candidate.reason, 'reason'],
    [candidate.detail ?? ''],
  ]);
}

/** The tooltip for a highlighted match: URL, context, position, notes, other readings and parts. */
function showTooltip(mark: HTMLElement): void {
  const match = shown[Number(mark.dataset.index)];
  if (!match) return;
  const list = document.createElement('dl');
  const add = (term: string, value: string) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = cut(value);
    list.append(dt, dd);
  };
  add('url', match.url);
  add('context', match.context);
  add('position', span(match.position));
  if (match.notes.length > 0) add('notes', match.notes.join(', '));
  if (match.alternatives.length > 0) add('also readable as', match.alternatives.join(', '));
  for (const [name, value] of Object.entries(match.parts)) {
    if (name === 'scheme' || name === 'notes' || value === undefined) continue;
    add(`parts.${name}`, Array.isArray(value) ? value.join(' / ') : String(value));
  }
  tooltip.replaceChildren(list);
  tooltip.hidden = false;
  const box = mark.getBoundingClientRect();
  const top = box.bottom + window.scrollY + 6;
  const left = Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - tooltip.offsetWidth - 8);
  tooltip.style.top = `${top}px`;
  tooltip.style.left = `${Math.max(window.scrollX + 8, left)}px`;
}

function hideTooltip(): void {
  tooltip.hidden = true;
}

function markOf(target: EventTarget | null): HTMLElement | undefined {
  return target instanceof HTMLElement && target.matches('mark.match') ? target : undefined;
}

highlighted.addEventListener('mouseover', (event) => {
  const mark = markOf(event.target);
  if (mark) showTooltip(mark);
});
highlighted.addEventListener('mouseout', (event) => {
  if (markOf(event.target)) hideTooltip();
});
highlighted.addEventListener('focusin', (event) => {
  const mark = markOf(event.target);
  if (mark) showTooltip(mark);
});
highlighted.addEventListener('focusout', hideTooltip);

linkifiedDetails.addEventListener('toggle', showSource);
input.addEventListener('input', schedule);
for (const control of [strict, emails, schemeless, hyphen]) control.addEventListener('change', schedule);

input.value = SAMPLE_MAIL;
schedule();
