// The resumable scan (startUrlScan, scanUrlsBefore: the scanner's main loop, its state kept
// between steps) against eachUrl, the same loop run to the end in one call, its oracle: the same matches and rejections,
// every field and key order (compared as JSON), in the same order, whatever the steps, on
// the shared corpus, the bounds catalogue's patterns and generated URL-rich text. And the
// floor it reports: no match found later starts before it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachUrl, type FindUrlsOptions, scanUrlsBefore, startUrlScan } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { filesUnder, readText } from '../support/corpus-files.js';

const shared = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const present = existsSync(shared);
if (!present) console.warn('skipping the resumable scan test on the shared corpus: ../shared/corpus is not beside this checkout');

/** What eachUrl reports, in order: matches and rejections as JSON lines. */
function oracle(text: string, options: FindUrlsOptions, withRejections: boolean): string[] {
  const events: string[] = [];
  const onReject = withRejections ? (rejected: unknown) => events.push(`reject ${JSON.stringify(rejected)}`) : undefined;
  eachUrl(text, { ...options, onReject }, (match) => events.push(`match ${JSON.stringify(match)}`));
  return events;
}

/**
 * What the resumable scan reports, stepping `step` characters at a time, with a `step` line
 * between steps; each match is checked to start at or after the floor of the step before.
 */
function stepped(text: string, options: FindUrlsOptions, withRejections: boolean, step: number): string[] {
  const events: string[] = [];
  const onReject = withRejections ? (rejected: unknown) => events.push(`reject ${JSON.stringify(rejected)}`) : undefined;
  let floor = 0;
  const scan = startUrlScan(text, { ...options, onReject }, (match) => {
    if (match.position.start.offset < floor) throw new Error(`a match at ${match.position.start.offset} starts before the floor, ${floor}`);
    events.push(`match ${JSON.stringify(match)}`);
  });
  let steps = 0;
  for (let until = step; !scanUrlsBefore(scan, until); until += step) {
    // Checked by hand, not with expect: a long text takes many steps.
    if (scan.floor < floor) throw new Error(`the floor went back from ${floor} to ${scan.floor}`);
    floor = scan.floor;
    steps++;
  }
  expect(scan.done).toBe(true);
  // Stepping on after the end finds nothing more.
  expect(scanUrlsBefore(scan, Infinity)).toBe(true);
  expect(steps).toBeLessThanOrEqual(Math.ceil(text.length / step));
  return events;
}

describe('the resumable scan against eachUrl', () => {
  it.skipIf(!present)('finds the same matches and rejections, in the same order, on every file of the shared corpus', () => {
    let files = 0;
    let events = 0;
    for (const path of filesUnder(shared)) {
      const text = readText(path);
      // Without rejections asked for (the fast paths that skip parsers are on) on a quarter
      // of the files: the patterns and generated text below cover that mode too.
      if (files % 4 === 0) expect(stepped(text, {}, false, 997), path).toEqual(oracle(text, {}, false));
      expect(stepped(text, { emails: true }, true, 1 + ((files * 37) % 1024)), path).toEqual(oracle(text, { emails: true }, true));
      files++;
      events += oracle(text, {}, false).length;
    }
    expect(files).toBeGreaterThan(1000);
    expect(events).toBeGreaterThan(10_000);
  });

  it('finds the same on the bounds catalogue\'s patterns, stepped by one character and by a few', () => {
    const units = ['<URL:', '(', 'http://', 'a.', '-\n', '<', 'www.', ':', '<http:', 'www.a(', '(www.a', 'www.a/(', '漢www.a(', '(_http:a', 'a:', '.:', '<a', 'a@', '’ www.help.zzq', '.a', 'a.(', ':<', '<URL:http://a-\nb-\nc-\nd-\ne.example/>\n', 'http://a.example/ ', '<URL:http://a.example/path ', '> <URL:http://a.example/\n> b/\n', 'a@b.'];
    for (const unit of units) {
      const text = unit.repeat(Math.ceil(3000 / unit.length));
      for (const options of [{}, { emails: true }, { fuzzy: true }, { schemeless: false }] as FindUrlsOptions[]) {
        const want = oracle(text, options, true);
        for (const step of [1, 7, 500]) expect(stepped(text, options, true, step), `${unit} ${JSON.stringify(options)} step ${step}`).toEqual(want);
      }
    }
  });

  const piece = fc.constantFrom(
    'http://', 'HTTPS://', 'hTtp:', 'mailto:', 'ftp://', 'news:', '<http:', '<URL:', 'URL:', 'URL=<', 'www.', '@', ' ', '\n', '-\n', '\n> ', '"', "'", '(', ')', '<', '>',
    'a', 'example', '.com', '.', '..', '-', '1', '192.0.2.1:8080/', '[::1]', ':', 'user@', '/path', '?q=1&b=2', '#frag', '%20', '%zz', 'é', '例え', '😀', 'bücher.de', 'a.museum', '_', '*',
  );
  const urlish = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

  it('finds the same on generated URL-rich text, in every mode and at every step', () => {
    fc.assert(
      fc.property(urlish, fc.integer({ min: 1, max: 40 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (text, step, emails, schemeless, strict, fuzzy, punycode, withRejections) => {
        const options = { emails, schemeless, strict, fuzzy, punycode };
        expect(stepped(text, options, withRejections, step)).toEqual(oracle(text, options, withRejections));
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });

  it('stops at the first trigger at or after its bound, and says when the text is done', () => {
    const text = 'see http://a.example/ and http://b.example/ and http://c.example/';
    const urls: string[] = [];
    const scan = startUrlScan(text, {}, (match) => urls.push(match.url));
    expect(scanUrlsBefore(scan, text.indexOf('and'))).toBe(false);
    expect(urls).toEqual(['http://a.example/']);
    expect(scan.floor).toBe(text.indexOf(' and'));
    expect(scanUrlsBefore(scan, text.indexOf('http://c'))).toBe(false);
    expect(urls).toEqual(['http://a.example/', 'http://b.example/']);
    expect(scanUrlsBefore(scan, text.length)).toBe(true);
    expect(urls).toEqual(['http://a.example/', 'http://b.example/', 'http://c.example/']);
    // A text with no trigger is done at once.
    expect(startUrlScan('no trigger here', {}, () => undefined).done).toBe(true);
  });

  it('refuses what findUrls refuses', () => {
    expect(() => startUrlScan(42 as unknown as string, {}, () => undefined)).toThrow(TypeError);
    expect(() => startUrlScan('a', null as unknown as FindUrlsOptions, () => undefined)).toThrow(TypeError);
  });
});
