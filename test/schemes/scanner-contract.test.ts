// The contract between the scanner (issue 2) and the scheme parsers: candidates that do
// not parse are reported through onReject with their position and are not matches;
// accepted matches carry their parts, notes and fragment.
import { describe, expect, it } from 'vitest';
import { findUrls, parseUrl, type Match, type RejectedCandidate } from '../../src/index.js';

function scan(text: string, options: Parameters<typeof findUrls>[1] = {}) {
  const rejected: RejectedCandidate[] = [];
  const matches = findUrls(text, { ...options, onReject: (r) => rejected.push(r) });
  return { matches, rejected };
}

function expectLocated(text: string, item: Match | RejectedCandidate): void {
  expect(text.slice(item.position.start.offset, item.position.end.offset)).toBe(item.raw);
  const lineStart = text.lastIndexOf('\n', item.position.start.offset - 1) + 1;
  expect(item.position.start.column).toBe(item.position.start.offset - lineStart + 1);
}

describe('http:// alone, news: alone and ftp://-bad-/x are rejections, not matches', () => {
  const expected = [
    { candidate: 'http://', reason: 'empty-host', scheme: 'http' },
    { candidate: 'news:', reason: 'empty', scheme: 'news' },
    { candidate: 'ftp://-bad-/x', reason: 'bad-host', scheme: 'ftp' },
  ];

  it('in running text', () => {
    const text = 'See http:// and news: and\nftp://-bad-/x here.';
    const { matches, rejected } = scan(text);
    expect(matches).toEqual([]);
    expect(rejected).toMatchObject(expected.map((e) => ({ ...e, raw: e.candidate, context: 'bare' })));
    for (const r of rejected) {
      expectLocated(text, r);
      expect(r.detail).toContain(r.reason === 'bad-host' ? '-bad-' : r.candidate);
    }
    expect(rejected[2]?.position.start).toEqual({ line: 2, column: 1, offset: 26 });
  });

  it('inside <URL:...> wrappers, located at the whole wrapper', () => {
    const text = 'A <URL:http://> and <URL:news:> and <URL:ftp://-bad-\n  /x>.';
    const { matches, rejected } = scan(text);
    expect(matches).toEqual([]);
    expect(rejected).toMatchObject(expected.map((e) => ({ ...e, context: 'wrapper' })));
    expect(rejected.map((r) => r.raw)).toEqual(['<URL:http://>', '<URL:news:>', '<URL:ftp://-bad-\n  /x>']);
    for (const r of rejected) expectLocated(text, r);
  });

  it('the same URLs give the same rejections from parseUrl', () => {
    for (const e of expected) expect(parseUrl(e.candidate)).toMatchObject({ reason: e.reason, scheme: e.scheme });
  });
});

describe('accepted matches carry their parser\'s parts', () => {
  it('parts, notes and fragment come from the scheme parser', () => {
    const text = 'Get <URL:ftp://myname:pw@host.dom/%2Fetc/motd;type=a> and <URL:http://ds.internic.\n   net/instructions/overview.html#WARNING>.';
    const { matches, rejected } = scan(text);
    expect(rejected).toEqual([]);
    expect(matches.map((m) => m.url)).toEqual([
      'ftp://myname:pw@host.dom/%2Fetc/motd;type=a',
      'http://ds.internic.net/instructions/overview.html#WARNING',
    ]);
    const [ftp, http] = matches;
    expect(ftp?.parts).toEqual(parseUrl('ftp://myname:pw@host.dom/%2Fetc/motd;type=a'));
    expect(ftp?.parts).toMatchObject({ host: 'host.dom', port: 21, user: 'myname', password: 'pw', typecode: 'a' });
    expect(ftp?.notes).toContain('password');
    expect(http?.fragment).toBe('WARNING');
    expect(http?.parts).toMatchObject({ host: 'ds.internic.net', port: 80, path: '/instructions/overview.html', fragment: 'WARNING' });
  });

  it('strict mode reaches the parsers: an unsafe character is a rejection there, a note otherwise', () => {
    const text = 'Home: <URL:http://example.com/~user/>';
    const lenient = scan(text);
    expect(lenient.matches[0]?.notes).toContain('unsafe-char');
    const strict = scan(text, { strict: true });
    expect(strict.matches).toEqual([]);
    expect(strict.rejected).toMatchObject([{ reason: 'bad-char', scheme: 'http', candidate: 'http://example.com/~user/' }]);
  });
});
