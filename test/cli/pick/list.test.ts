// The picker's list model, without a terminal: dedupe, filter, selection and hyphen readings.
import { describe, expect, it } from 'vitest';
import { collectItems } from '../../../src/cli/pick/collect.js';
import {
  createPickState,
  dedupeItems,
  moveCursor,
  selectedUrl,
  setFilter,
  switchReading,
  type PickItem,
} from '../../../src/cli/pick/list.js';

function item(url: string, line = `see ${url} here`): PickItem {
  const start = line.indexOf(url);
  return { readings: [url], scheme: url.slice(0, url.indexOf(':')), context: 'bare', notes: [], lines: [{ text: line, highlightStart: start, highlightEnd: start + url.length }] };
}

const A = item('http://a.example/one');
const B = item('ftp://b.example/pub/', 'the archive ftp://b.example/pub/ has it');
const A_AGAIN = item('HTTP://A.EXAMPLE:80/one'); // the same URL, normalised
const C = item('http://c.example/three');

describe('dedupeItems', () => {
  it('keeps each URL once, compared normalised, where it was first found', () => {
    expect(dedupeItems([A, B, A_AGAIN, C], true)).toEqual([A, B, C]);
  });

  it('keeps every occurrence in message order with --no-dedupe', () => {
    expect(dedupeItems([A, B, A_AGAIN, C], false)).toEqual([A, B, A_AGAIN, C]);
  });
});

describe('filter and selection', () => {
  const state = createPickState([A, B, C]);

  it('starts on the first URL with everything shown', () => {
    expect(state.shown).toEqual([0, 1, 2]);
    expect(selectedUrl(state)).toBe('http://a.example/one');
  });

  it('narrows to the URLs whose text or context holds the filter, ignoring case', () => {
    expect(setFilter(state, 'EXAMPLE/ONE').shown).toEqual([0]);
    expect(setFilter(state, 'archive').shown).toEqual([1]); // only in B's context line
    expect(setFilter(state, 'http').shown).toEqual([0, 2]);
    expect(setFilter(state, 'nothing like it').shown).toEqual([]);
    expect(selectedUrl(setFilter(state, 'nothing like it'))).toBeUndefined();
  });

  it('keeps the selection on the same URL while the filter still shows it', () => {
    const onC = moveCursor(state, 2);
    expect(selectedUrl(onC)).toBe('http://c.example/three');
    expect(selectedUrl(setFilter(onC, 'http'))).toBe('http://c.example/three');
    expect(selectedUrl(setFilter(onC, 'ftp'))).toBe('ftp://b.example/pub/');
    expect(selectedUrl(setFilter(setFilter(onC, 'http'), ''))).toBe('http://c.example/three');
  });

  it('stops at either end of the list', () => {
    expect(selectedUrl(moveCursor(state, -5))).toBe('http://a.example/one');
    expect(selectedUrl(moveCursor(state, 50))).toBe('http://c.example/three');
  });

  it('does not change the state it was given', () => {
    setFilter(state, 'ftp');
    moveCursor(state, 1);
    expect(state.shown).toEqual([0, 1, 2]);
    expect(state.cursor).toBe(0);
  });
});

describe('hyphen-break readings', () => {
  it('switches through every reading the scanner found, and back to the first', async () => {
    const { items } = await collectItems([{ input: 'corpus/scan/hyphen-break.txt' }], {});
    const w3 = items.findIndex((found) => found.readings[0] === 'http://www.w3.org/TR/REC-xml-names');
    expect(items[w3]?.notes).toContain('hyphen-break');
    let state = moveCursor(createPickState(items), w3);
    expect(selectedUrl(state)).toBe('http://www.w3.org/TR/REC-xml-names');
    state = switchReading(state);
    expect(selectedUrl(state)).toBe('http://www.w3.org/TR/RECxml-names');
    state = switchReading(state);
    expect(selectedUrl(state)).toBe('http://www.w3.org/TR/REC-xml-names');
  });

  it('leaves a URL with one reading as it is', () => {
    const state = createPickState([A]);
    expect(switchReading(state)).toBe(state);
  });
});
