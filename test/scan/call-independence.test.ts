// findUrls keeps nothing from one call to the next: the scan's steps are module-level
// functions (see `Scan` in src/scan/find-urls.ts), a text without a trigger returns before
// any state is built, and the search for CJK characters reuses one regular expression.
// Whatever ran before, or runs inside a callback, a text's result is the same.
import { describe, expect, it } from 'vitest';
import { findUrls, type Match, type RejectedCandidate } from '../../src/index.js';
import { eachUrl, type FindUrlsOptions } from '../../src/scan/find-urls.js';

const texts = [
  'Hello Bob, thanks for the note.',
  'see http://a.example/x and www.b.example. Mail c@d.example',
  '<URL:http://e.example/y> <http:<http:<HTTP:<ftp:',
  `${'www.'.repeat(40)}漢www.b.com`,
  `${'漢www.a('.repeat(20)}www.c.com)`,
  `${'www.a('.repeat(20)}漢www.d.com 12:30 Note: x`,
  '<URL:<URL:<URL: http://f.example/>',
  '',
];
const optionSets: FindUrlsOptions[] = [{}, { emails: true }, { fuzzy: true }, { schemeless: false }];

/** Matches and rejections of one call, as JSON. */
function resultOf(text: string, options: FindUrlsOptions): string {
  const rejected: RejectedCandidate[] = [];
  const matches = findUrls(text, { ...options, onReject: (r) => rejected.push(r) });
  return JSON.stringify({ matches, rejected, plain: findUrls(text, options) });
}

describe('calls of findUrls are independent', () => {
  it('a result does not depend on the calls before it', () => {
    for (const options of optionSets) {
      const forward = texts.map((text) => resultOf(text, options));
      const backward = [...texts].reverse().map((text) => resultOf(text, options)).reverse();
      expect(backward).toEqual(forward);
      // Each again, after every other text in every option set.
      texts.forEach((text, index) => {
        for (const other of texts) for (const o of optionSets) findUrls(other, o);
        expect(resultOf(text, options), text).toBe(forward[index]);
      });
    }
  });

  it('a call inside a callback changes neither its own result nor the outer one', () => {
    const inner = texts[3] as string;
    const alone = resultOf(inner, {});
    for (const text of texts) {
      const plain = JSON.stringify(findUrls(text, { emails: true }));
      const nested: string[] = [];
      const matches: Match[] = [];
      eachUrl(text, { emails: true, onReject: () => nested.push(resultOf(inner, {})) }, (match) => {
        nested.push(resultOf(inner, {}));
        matches.push(match);
      });
      expect(JSON.stringify(matches), text).toBe(plain);
      for (const result of nested) expect(result).toBe(alone);
    }
  });
});
