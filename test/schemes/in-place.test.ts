// The in-place readers (src/schemes/in-place.ts) against their schemes' full parsers, URL by
// URL: the same parts, key order and values (compared as JSON), or undefined where the
// full parser must decide. The scan-level differential is test/scan/in-place.differential.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFtp } from '../../src/schemes/ftp.js';
import { classifyHost, HOST_NAME } from '../../src/schemes/host.js';
import { asciiHostNameEnd, readFtpInPlace } from '../../src/schemes/in-place.js';
import { fuzzRuns } from '../fuzz-runs.js';

describe('readFtpInPlace: cwd and name cut in place (RFC 1738 §3.2.2)', () => {
  const segment = fc.constantFrom('', 'pub', 'README', 'a', 'a.b', '~u', '%20', 'x'.repeat(20));
  const path = fc.array(segment, { maxLength: 6 }).map((segments) => segments.map((s) => `/${s}`).join(''));
  it('gives what parseFtp gives, wherever the URL stands in a text', () => {
    fc.assert(
      fc.property(path, fc.constantFrom('', '?q=1', '#f', '?q#f'), fc.string({ maxLength: 3 }), (tail, after, before) => {
        const url = `ftp://ftp.example.net${tail}${after}`;
        const text = `${before}${url} `;
        const read = readFtpInPlace(text, before.length + 3, before.length + url.length, 'ftp');
        expect(read).toBeDefined();
        expect(JSON.stringify(read)).toBe(JSON.stringify(parseFtp(url, { strict: false })));
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });
});

describe('asciiHostNameEnd: an ASCII host name read in one pass, against checkHost\'s rules (classifyHost)', () => {
  const piece = fc.constantFrom('a', 'Z', '0', '9', '-', '.', '..', 'xn--', 'example', '1.2.3.4', 'a'.repeat(63), 'b'.repeat(64), '_', '/', '?');
  const host = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
  it('stops at the first character no name has, and takes what lenient checkHost takes as a name', () => {
    fc.assert(
      fc.property(host, fc.string({ maxLength: 3 }), (text, before) => {
        const whole = `${before}${text}`;
        const end = asciiHostNameEnd(whole, before.length, whole.length);
        const stop = text.search(/[^A-Za-z0-9.-]/);
        const nameEnd = stop === -1 ? text.length : stop;
        if (end !== -1) expect(end - before.length).toBe(nameEnd);
        // What the full check takes as a name whose last label starts with a letter, the reader takes.
        const name = text.slice(0, nameEnd);
        const top = name.endsWith('.') ? name.slice(0, -1) : name;
        const takes = classifyHost(name, 0, name.length, false, false) === HOST_NAME && /(^|\.)[A-Za-z][^.]*$/.test(top);
        expect(end !== -1).toBe(takes);
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });
});
