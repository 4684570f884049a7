// Parse results and rejections as plain data.
import { describe, expect, it } from 'vitest';
import { isRejection, parseUrl } from '../../src/index.js';
import { reject } from '../../src/schemes/parsed.js';

describe('rejections', () => {
  it('isRejection tells a rejection from parts', () => {
    expect(isRejection(parseUrl('http://'))).toBe(true);
    expect(isRejection(parseUrl('http://example.com/'))).toBe(false);
  });
  it('details show controls and bidi characters from the URL as escapes, never raw', () => {
    const result = parseUrl('http://exam\u202eple.com/');
    if (!isRejection(result)) throw new Error('expected a rejection');
    expect(result.reason).toBe('bad-host');
    expect(result.detail).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(result.detail).toContain('\\u202E');
    const state = { url: 'x', scheme: 'x', strict: false, notes: [] as string[] };
    expect(reject(state, 'bad-char', 'a\nb\u0085c\u2066d').detail).toBe('a\\u000Ab\\u0085c\\u2066d');
  });
  it('details stay short however long the URL', () => {
    const long = 'x'.repeat(100_000);
    for (const url of [`gopher://${long}@h/`, `http://${long}.-/`, `wais://h/db/${long}`, `mailto:${long}`, `news:${long}@-`]) {
      const result = parseUrl(url, { strict: true });
      if (!isRejection(result)) throw new Error(`expected a rejection for ${url.slice(0, 20)}`);
      expect(result.detail?.length ?? 0).toBeLessThan(400);
    }
  });
});
