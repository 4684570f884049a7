/**
 * Trailing punctuation and brackets of bare URLs. The Appendix wraps URLs precisely
 * because of "punctuation marks that might be mistaken for part of the URL"; without a
 * wrapper we give the usual marks back to the sentence, and closing brackets unless
 * the URL itself opened them (`http://en.wikipedia.org/wiki/Foo_(bar)` keeps its `)`).
 */
import { isTrailingPunctuation } from './characters.js';

const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;
const HYPHEN = 0x2d;
const APOSTROPHE = 0x27;

/** A footnote mark is "[" at most this many digits "]"; longer is an array index or an IPv6 literal. */
const MAX_FOOTNOTE_DIGITS = 3;

/**
 * Spaces or tabs looked past after a hyphen to see whether the line ends there; a line
 * with more trailing blanks than this is taken to go on.
 */
const MAX_TRAILING_BLANKS = 16;

/**
 * True when a hyphen just before `after` is a dash of the sentence: sentence punctuation
 * follows it, or a space and more text on the same line. Before a line break, a tab, `>`
 * or `"` it is kept.
 */
function isClauseDash(text: string, after: number): boolean {
  const next = text.charCodeAt(after);
  // Punctuation or a hyphen right after it was given back already: "a-," and "a--".
  if (isTrailingPunctuation(next) || next === HYPHEN) return true;
  if (next !== 0x20) return false;
  const max = Math.min(text.length, after + MAX_TRAILING_BLANKS);
  let i = after;
  while (i < max && text.charCodeAt(i) === 0x20) i++;
  return i < text.length && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d;
}

/** Where the footnote mark `[digits]` that ends just before `end` starts, or -1. */
function footnoteStart(text: string, end: number, minEnd: number): number {
  let i = end - 1;
  const min = Math.max(minEnd, end - 2 - MAX_FOOTNOTE_DIGITS);
  while (i - 1 > min && text.charCodeAt(i - 1) >= 0x30 && text.charCodeAt(i - 1) <= 0x39) i--;
  return i < end - 1 && i - 1 >= minEnd && text.charCodeAt(i - 1) === OPEN_SQUARE ? i - 1 : -1;
}

/**
 * The end of the URL in `text[start, end)` once trailing punctuation and unbalanced
 * closing brackets are given back; never less than `minEnd`. Linear: brackets are
 * counted once (at the first closing bracket reached; what was given back before it holds
 * none, or a footnote mark's balanced pair), then each trimmed bracket updates the counts.
 */
export function trimTrailing(text: string, start: number, end: number, minEnd: number, counter?: BracketCounter): number {
  // Brackets are counted only when a closing one is reached at the end: most URLs end in
  // a letter, a digit or "/", and give nothing back.
  let counted = false;
  let paren = 0;
  let square = 0;
  let curly = 0;
  while (end > minEnd) {
    const code = text.charCodeAt(end - 1);
    if (!counted && (code === CLOSE_PAREN || code === CLOSE_SQUARE || code === CLOSE_CURLY)) {
      counted = true;
      let counts: BracketCounts;
      if (counter) {
        counter.count(start, end);
        counts = counter;
      } else {
        counts = { paren: 0, square: 0, curly: 0 };
        addBrackets(text, start, end, 1, counts);
      }
      paren = counts.paren;
      square = counts.square;
      curly = counts.curly;
    }
    const kept = giveBackPunctuation(text, code, end, minEnd);
    if (kept !== end) {
      end = kept;
    } else if (code === CLOSE_PAREN && paren < 0) {
      paren++;
      end--;
    } else if (code === CLOSE_SQUARE && square < 0) {
      square++;
      end--;
    } else if (code === CLOSE_CURLY && curly < 0) {
      curly++;
      end--;
    } else {
      break;
    }
  }
  return end;
}

/**
 * True when trimTrailing keeps a URL whose last character is `code` as it is, without
 * reading anything else: no trailing punctuation, hyphen, closing bracket, nor "s" of a
 * possessive (see giveBackPunctuation, with which it must agree). A caller that has read
 * that character already skips the call.
 */
export function keepsTail(code: number): boolean {
  return code < 0x80 && KEEPS_TAIL[code] === 1;
}

/**
 * True when trimTrailing gives back a URL's last character `code` when the URL holds no
 * opening bracket and that character stands right after `minEnd - 1` (a scheme's colon
 * and one character): trailing punctuation, or a closing bracket, which nothing opened.
 * A hyphen (a dash or not, by what follows) and an "s" are not (see giveBackPunctuation).
 */
export function givesBackAlone(code: number): boolean {
  return isTrailingPunctuation(code) || code === CLOSE_PAREN || code === CLOSE_SQUARE || code === CLOSE_CURLY;
}

/** {@link keepsTail} of each ASCII character, as 1 or 0. */
const KEEPS_TAIL: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  isTrailingPunctuation(code) || code === HYPHEN || (code | 0x20) === 0x73 || code === CLOSE_PAREN || code === CLOSE_SQUARE || code === CLOSE_CURLY ? 0 : 1,
);

/**
 * One step of giving back what ends `text[.., end)` and is no part of the URL, brackets
 * aside: the new end, or `end` when `code` (the character before it) is kept. Shared by
 * {@link trimTrailing} and the run memory of {@link createTrailingMemo}, which must agree.
 */
function giveBackPunctuation(text: string, code: number, end: number, minEnd: number): number {
  if (isTrailingPunctuation(code) || (code === HYPHEN && isClauseDash(text, end))) {
    // A hyphen that ends the run with the sentence going on is a dash ("http://a.example-
    // next"); at the end of a line it may be a break inside the URL (RFC 1738 Appendix),
    // and is kept.
    return end - 1;
  }
  if ((code | 0x20) === 0x73 /* s */ && end - 2 > minEnd && text.charCodeAt(end - 2) === APOSTROPHE) {
    // An English possessive: "http://a.example/x's" is the page, then "'s".
    return end - 2;
  }
  if (code === CLOSE_SQUARE) {
    // A footnote mark "[1]" glued to the URL (RFC 3986 §3.3: "[" never stands in a path).
    const footnote = footnoteStart(text, end, minEnd);
    if (footnote !== -1) return footnote;
  }
  return end;
}

/**
 * Bracket balances (opening minus closing) of `text[start, end)`, remembered between
 * calls: candidates refused inside one long run share its end and start ever later, so
 * the counts of the next are the last counts minus the text between the two starts.
 * Each character is counted O(1) times per run end, not once per candidate.
 */
export interface BracketCounter extends BracketCounts {
  /** Counts `text[start, end)` into the three fields. */
  count(start: number, end: number): void;
}

/** Bracket balances, opening minus closing, of each kind. */
export interface BracketCounts {
  paren: number;
  square: number;
  curly: number;
}

/**
 * Makes a {@link BracketCounter} over `text`: an object literal whose method is a
 * module-level function, compiled once for every scan (see createTrailingMemo).
 */
export function createBracketCounter(text: string): BracketCounter {
  const counter: BracketTally = { paren: 0, square: 0, curly: 0, text, countedFrom: -1, countedTo: -1, count: countBrackets };
  return counter;
}

/** The state behind a {@link BracketCounter}. */
interface BracketTally extends BracketCounter {
  readonly text: string;
  countedFrom: number;
  countedTo: number;
}

function countBrackets(this: BracketTally, start: number, end: number): void {
  if (end === this.countedTo && start >= this.countedFrom) {
    // Take the text between the last start and this one out of the last counts.
    addBrackets(this.text, this.countedFrom, start, -1, this);
  } else {
    this.paren = this.square = this.curly = 0;
    addBrackets(this.text, start, end, 1, this);
  }
  this.countedFrom = start;
  this.countedTo = end;
}

/**
 * Adds `sign` times the bracket balances of `text[from, to)` to the counts of `counter`.
 * Module level (not a closure of the scan) so that its compiled loop outlives a garbage
 * collection between scans: a long tail of brackets is counted once per run, in one call.
 */
function addBrackets(text: string, from: number, to: number, sign: number, counter: BracketCounts): void {
  // Counted in locals, stored once.
  let paren = 0;
  let square = 0;
  let curly = 0;
  for (let i = from; i < to; i++) {
    switch (text.charCodeAt(i)) {
      case OPEN_PAREN: paren++; break;
      case CLOSE_PAREN: paren--; break;
      case OPEN_SQUARE: square++; break;
      case CLOSE_SQUARE: square--; break;
      case OPEN_CURLY: curly++; break;
      case CLOSE_CURLY: curly--; break;
    }
  }
  counter.paren += sign * paren;
  counter.square += sign * square;
  counter.curly += sign * curly;
}

/**
 * {@link trimTrailing} for the candidates of one scan, remembered per run end. Refused
 * candidates inside one long run share its end, so they would each give back the same
 * tail again (`(www.a` repeated, then a page of `.` or `)`). What the tail gives back does
 * not depend on where the candidate starts, except at closing brackets, which depend on
 * the candidate's bracket counts: so the tail is walked once, as if every closing bracket
 * were given back, noting where each one stands; a candidate then stops at the first
 * closing bracket its counts keep, found by its index. Each character of a tail is read
 * O(1) times; a candidate whose `minEnd` reaches into the tail takes the plain path.
 */
export function createTrailingMemo(text: string): TrailingMemo {
  const memo: TailMemory = {
    text,
    counter: undefined,
    memoEnd: -1,
    memoMinEnd: 0,
    firstBracket: 0,
    walkEnd: 0,
    parens: { ends: NO_ENDS, length: 0 },
    squares: { ends: NO_ENDS, length: 0 },
    curlies: { ends: NO_ENDS, length: 0 },
    recorded: false,
    trim: memoTrim,
    lowestFor: memoLowestFor,
    lowestEnd: memoLowestEnd,
    bracketFree: memoBracketFree,
  };
  return memo;
}

/**
 * The state behind a {@link TrailingMemo}: an object literal whose methods are
 * module-level functions, compiled once for every scan. Not closures: closures made per
 * scan were garbage after it, and the scan's compiled code that called them was thrown
 * away with them at each collection. Not a class either: the map a constructor's field
 * stores lead to is held weakly and dies with the last instance at a collection, taking
 * the code compiled for it along. The bracket counter and the typed arrays of ends are
 * made at the first trim and the first end that need them.
 */
interface TailMemory extends TrailingMemo {
  readonly text: string;
  counter: BracketCounter | undefined;
  memoEnd: number;
  memoMinEnd: number;
  /** Where giving back stops before the first closing bracket that is no footnote mark (the walk's end when none). */
  firstBracket: number;
  /** Where the walk stops when every closing bracket is given back. */
  walkEnd: number;
  /** For each kind of closing bracket, the ends just after each one met, in walk order. */
  readonly parens: EndList;
  readonly squares: EndList;
  readonly curlies: EndList;
  /** True when the lists hold the ends of the last walk, not only their counts. */
  recorded: boolean;
}

function walkMemo(memo: TailMemory, end: number, minEnd: number, record: boolean): void {
  const { parens, squares, curlies } = memo;
  memo.memoEnd = end;
  memo.memoMinEnd = minEnd;
  // Emptied, not made anew.
  parens.length = squares.length = curlies.length = 0;
  memo.walkEnd = walkTail(memo.text, end, minEnd, parens, squares, curlies, record);
  // With no bracket met, the counts are the whole record (most tails).
  memo.recorded = record || parens.length + squares.length + curlies.length === 0;
  // The first bracket met stands after every other: the greatest first entry.
  if (memo.recorded) memo.firstBracket = Math.max(memo.walkEnd, firstEnd(parens), firstEnd(squares), firstEnd(curlies));
}

// Counts only: a host refused by its tail alone needs no ends (bench row "www.a( then )").
function memoLowestFor(this: TailMemory, end: number, minEnd: number): number {
  if (end !== this.memoEnd || minEnd < this.memoMinEnd) walkMemo(this, end, minEnd, false);
  return this.walkEnd;
}

function memoTrim(this: TailMemory, start: number, end: number, minEnd: number): number {
  if (end !== this.memoEnd || minEnd < this.memoMinEnd || !this.recorded) walkMemo(this, end, minEnd, true);
  const { parens, squares, curlies } = this;
  const counter = (this.counter ??= createBracketCounter(this.text));
  let stop = this.walkEnd;
  if (parens.length + squares.length + curlies.length > 0) {
    // Counted up to the first closing bracket: what was given back before it holds no
    // bracket, or a footnote mark's balanced pair, as in trimTrailing.
    counter.count(start, this.firstBracket);
    stop = Math.max(stop, keptBracket(parens, counter.paren), keptBracket(squares, counter.square), keptBracket(curlies, counter.curly));
  }
  // Every step above stood past minEnd, so this minEnd allows each of them too.
  if (stop > minEnd) return stop;
  return trimTrailing(this.text, start, end, minEnd, counter);
}

// Every trim above returns the walk's end or more: a kept bracket stands after it,
// and the plain path stops at its minEnd, which is past it.
function memoLowestEnd(this: TailMemory, end: number): number {
  return end === this.memoEnd ? this.walkEnd : -1;
}

function memoBracketFree(this: TailMemory, end: number): boolean {
  return end === this.memoEnd && this.parens.length + this.squares.length + this.curlies.length === 0;
}

/**
 * The walk of {@link createTrailingMemo}: gives back the tail of `text[.., end)` down to
 * `minEnd` as if every closing bracket were given back, pushes the end just after each
 * closing bracket met onto the list of its kind (or, unless `record`, only counts it), and
 * returns where the walk stops.
 * Module level so that its compiled loop outlives a garbage collection between scans.
 */
function walkTail(text: string, end: number, minEnd: number, parens: EndList, squares: EndList, curlies: EndList, record: boolean): number {
  while (end > minEnd) {
    const code = text.charCodeAt(end - 1);
    // Sentence marks, ")" and "}" first (as giveBackPunctuation treats them): a tail may
    // hold a page of them.
    if (isTrailingPunctuation(code)) {
      end--;
      continue;
    }
    if (code === CLOSE_PAREN || code === CLOSE_CURLY) {
      const list = code === CLOSE_PAREN ? parens : curlies;
      if (!record) {
        // Counted only: a run of the same bracket in one loop (bench row "www.a( then )":
        // half a megabyte of ")").
        const after = end;
        do end--;
        while (end > minEnd && text.charCodeAt(end - 1) === code);
        list.length += after - end;
        continue;
      }
      pushEnd(list, end, record);
      end--;
      continue;
    }
    const kept = giveBackPunctuation(text, code, end, minEnd);
    if (kept !== end) {
      end = kept;
    } else if (code === CLOSE_SQUARE) {
      pushEnd(squares, end, record);
      end--;
    } else {
      break;
    }
  }
  return end;
}

/** The memory of {@link createTrailingMemo}. */
export interface TrailingMemo {
  /** `trimTrailing(text, start, end, minEnd)`, remembered per run end. */
  trim(start: number, end: number, minEnd: number): number;
  /**
   * The least end that `trim(start, end, minEnd)` returns for any start (the tail given
   * back with every closing bracket), read without counting brackets: any other end it
   * returns stands just after a closing bracket of the tail.
   */
  lowestFor(end: number, minEnd: number): number;
  /**
   * When the last `trim` was of the run that ends at `end`: the least end that any later
   * `trim` of that run with no smaller `minEnd` returns (the tail given back with every
   * closing bracket). -1 for another run.
   */
  lowestEnd(end: number): number;
  /**
   * True when the tail of the run that ends at `end` (the last one trimmed) holds no
   * closing bracket to count: every later `trim` of it whose `minEnd` stands before
   * {@link TrailingMemo.lowestEnd} returns exactly that end, wherever it starts.
   */
  bracketFree(end: number): boolean;
}

/**
 * With `balance` (opening minus closing brackets of one kind before the tail), the end
 * just after the first of `closers` that is kept, or -1 when all are given back: one is
 * given back while the balance is negative, and each raises it by one.
 */
function keptBracket(closers: EndList, balance: number): number {
  const kept = balance >= 0 ? 0 : -balance;
  return kept < closers.length ? (closers.ends[kept] as number) : -1;
}

/**
 * The ends just after the closing brackets of one kind that a walk met, in walk order: a
 * typed array grown by doubling and reused from run to run. A tail may hold half a
 * megabyte of ")" (bench row "www.a( then )"): stores into a typed array cost a fraction
 * of pushes onto a growing list.
 */
interface EndList {
  ends: Int32Array;
  length: number;
}

/** Room for this many ends at the first end recorded: most tails hold one closing bracket or none. */
const INITIAL_END_LIST_SIZE = 16;

/** The ends of a list that has recorded none yet: no typed array is made for a scan whose tails hold no bracket. */
const NO_ENDS = new Int32Array(0);

/** Adds `end` to `list`, or only counts it unless `record`. */
function pushEnd(list: EndList, end: number, record: boolean): void {
  if (!record) {
    list.length++;
    return;
  }
  if (list.length === list.ends.length) {
    const grown = new Int32Array(Math.max(INITIAL_END_LIST_SIZE, list.ends.length * 2));
    grown.set(list.ends);
    list.ends = grown;
  }
  list.ends[list.length++] = end;
}

/** The first end of `list`, or -1 when it is empty. */
function firstEnd(list: EndList): number {
  return list.length > 0 ? (list.ends[0] as number) : -1;
}
