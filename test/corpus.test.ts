// Runs every hand-written case in corpus/scan/: `<case>.txt` is the input and
// `<case>.expected` the hand-written gold (grammar in corpus/README.md). A case without
// its gold file fails; the test never writes one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findUrls, type FindUrlsOptions, type Match, type Point, type RejectedCandidate } from '../src/index.js';
import { pointOf } from './support/points.js';

const dir = new URL('../corpus/scan/', import.meta.url);

/** Notes the scanner itself adds; the parsers' notes are checked in test/schemes. */
const SCANNER_NOTES = new Set(['hyphen-break', 'quote-prefix', 'unterminated-wrapper', 'cut-at-quote', 'repaired-authority']);

interface Expected {
  kind: 'match' | 'reject';
  start: [number, number];
  end: [number, number];
  context: string;
  /** The URL for a match; `reason candidate` for a rejection. */
  value: string;
  alternatives: string[];
  notes: string[];
  fragment?: string;
}

function parseGold(source: string, file: string): { options: FindUrlsOptions; expected: Expected[] } {
  const options: FindUrlsOptions = {};
  const expected: Expected[] = [];
  source.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (line.trim() === '' || line.startsWith('#')) return;
    if (line.startsWith('options:')) {
      for (const word of line.slice(8).trim().split(/ +/)) {
        if (word === 'emails') options.emails = true;
        else if (word === 'no-schemeless') options.schemeless = false;
        else if (word === 'strict') options.strict = true;
        else if (word === 'fuzzy') options.fuzzy = true;
        else if (word === 'punycode') options.punycode = true;
        else if (word.startsWith('bare-schemes=')) options.bareSchemes = word.slice('bare-schemes='.length).split(',');
        else throw new Error(`${where}: unknown option "${word}"`);
      }
      return;
    }
    if (line.startsWith('  ')) {
      const last = expected.at(-1);
      const [key, ...rest] = line.trim().split(': ');
      const value = rest.join(': ');
      if (!last) throw new Error(`${where}: detail line before any match`);
      if (key === 'alternative') last.alternatives.push(value);
      else if (key === 'note') last.notes.push(value);
      else if (key === 'fragment') last.fragment = value;
      else throw new Error(`${where}: unknown detail "${key}"`);
      return;
    }
    const head = /^(match|reject) (\d+):(\d+)-(\d+):(\d+) (\S+) (.+)$/.exec(line);
    if (!head) throw new Error(`${where}: not a gold line: ${line}`);
    expected.push({
      kind: head[1] as 'match' | 'reject',
      start: [Number(head[2]), Number(head[3])],
      end: [Number(head[4]), Number(head[5])],
      context: head[6] as string,
      value: head[7] as string,
      alternatives: [],
      notes: [],
    });
  });
  return { options, expected };
}


function checkLocation(text: string, item: Match | RejectedCandidate): void {
  expect(text.slice(item.position.start.offset, item.position.end.offset)).toBe(item.raw);
  expect(item.position.start).toEqual(pointOf(text, item.position.start.offset));
  expect(item.position.end).toEqual(pointOf(text, item.position.end.offset));
}

const cases = readdirSync(dir).filter((name) => name.endsWith('.txt')).sort();

describe('corpus/scan cases', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  for (const name of cases) {
    const goldName = name.replace(/\.txt$/, '.expected');
    it(name, () => {
      const goldUrl = new URL(goldName, dir);
      if (!existsSync(goldUrl)) throw new Error(`corpus/scan/${goldName} is missing: write it by hand`);
      const text = readFileSync(new URL(name, dir), 'utf8');
      const { options, expected } = parseGold(readFileSync(goldUrl, 'utf8'), goldName);
      const rejected: RejectedCandidate[] = [];
      const matches = findUrls(text, { ...options, onReject: (r) => rejected.push(r) });

      const actual = [...matches.map((m) => ({ kind: 'match' as const, item: m })), ...rejected.map((r) => ({ kind: 'reject' as const, item: r }))].sort(
        (a, b) => a.item.position.start.offset - b.item.position.start.offset,
      );
      const summary = (list: Array<{ kind: string; value: string }>) => list.map((x) => `${x.kind} ${x.value}`);
      expect(
        summary(actual.map(({ kind, item }) => ({ kind, value: kind === 'match' ? (item as Match).url : `${(item as RejectedCandidate).reason} ${(item as RejectedCandidate).candidate}` }))),
      ).toEqual(summary(expected));

      actual.forEach(({ kind, item }, index) => {
        const want = expected[index] as Expected;
        checkLocation(text, item);
        expect([item.position.start.line, item.position.start.column], `start of ${want.value}`).toEqual(want.start);
        expect([item.position.end.line, item.position.end.column], `end of ${want.value}`).toEqual(want.end);
        expect(item.context).toBe(want.context);
        if (kind === 'match') {
          const match = item as Match;
          expect(match.alternatives, `alternatives of ${want.value}`).toEqual(want.alternatives);
          expect(match.fragment).toBe(want.fragment);
          for (const note of want.notes) expect(match.notes, `notes of ${want.value}`).toContain(note);
          for (const note of match.notes.filter((n) => SCANNER_NOTES.has(n))) expect(want.notes, `notes of ${want.value}`).toContain(note);
        }
      });
    });
  }
});
