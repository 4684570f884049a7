// Real text: the RFCs in ../shared/corpus/rfc against the reference labels in
// ../shared/corpus/labels/wrappers.tsv (see ../shared/corpus/README.md). Every label
// must be found with its `url` (or `url_alt`, the reading without a line-end hyphen),
// except the few listed below, where the label is not a URL and urlsift rejects it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findUrls, type Match, type RejectedCandidate } from '../src/index.js';

const shared = new URL('../../shared/corpus/', import.meta.url);
const present = existsSync(new URL('labels/wrappers.tsv', shared));
if (!present) console.warn('skipping the RFC corpus tests: ../shared/corpus is not beside this checkout');

/**
 * Labels that are not URLs: urlsift reports each as a rejection instead of a match (with
 * this reason where the scanner's registry decides it, before any scheme parser). Keyed by
 * file and the label's raw text.
 */
const NOT_URLS: Record<string, { reason?: string; why: string }> = {
  'rfc/rfc1739.txt <URL:telnet//envnet:henniker@envnet.gsfc.nasa.gov>': {
    reason: 'no-scheme',
    why: 'a typo in the RFC: "telnet//" has no colon, so there is no scheme',
  },
  'rfc/rfc1808.txt <URL:" absoluteURL ">': { reason: 'no-scheme', why: 'grammar text, not a URL' },
  'rfc/rfc1808.txt <URL:g:h>': { reason: 'unknown-scheme', why: '"g" is RFC 1808\'s placeholder scheme, not a real one' },
  'rfc/rfc1808.txt <URL:http:g>': { why: 'RFC 1808 §5.2: the "loophole" relative form, not an absolute http URL' },
  'rfc/rfc2368.txt <mailto:joe@example.com?cc=bob@example.com?body=hello>': { why: 'RFC 2368 and RFC 6068 §6.2 give it as the wrong form ("?" twice)' },
  'rfc/rfc6068.txt <mailto:joe@example.com?cc=bob@example.com?body=hello>': { why: 'RFC 6068 §6.2: "using \"?\" twice, is incorrect ... WRONG!"' },
  'rfc/rfc1808.txt <URL:http:>': { why: 'RFC 1808 relative-resolution example; an absolute http URL needs a host' },
  'rfc/rfc1855.txt <URL://http://www.isoc.org/proceedings/\n        conduct/cerf-Aug-draft.html>': {
    reason: 'no-scheme',
    why: 'a typo in the RFC: "//http://" starts with no scheme',
  },
  'rfc/rfc4823.txt <URL:"ftp://" login [\n   "/" fpath [ ";type=" ftptype ]]>': { reason: 'no-scheme', why: 'BNF quoted in the text' },
};

interface Label {
  file: string;
  url: string;
  urlAlt: string;
  raw: string;
}

function readLabels(): Label[] {
  const unescape = (s: string) => s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  const lines = readFileSync(new URL('labels/wrappers.tsv', shared), 'utf8').trimEnd().split('\n');
  return lines.slice(1).map((line) => {
    const cols = line.split('\t');
    return { file: cols[0] ?? '', url: cols[3] ?? '', urlAlt: cols[4] ?? '', raw: unescape(cols[9] ?? '') };
  });
}

/** Offsets of line starts, computed here independently of the scanner's locator. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function expectLocated(text: string, starts: number[], item: Match | RejectedCandidate): void {
  expect(text.slice(item.position.start.offset, item.position.end.offset)).toBe(item.raw);
  for (const point of [item.position.start, item.position.end]) {
    expect(starts[point.line - 1]).toBe(point.offset - point.column + 1);
    const nextLine = starts[point.line];
    if (nextLine !== undefined) expect(point.offset).toBeLessThan(nextLine);
  }
}

describe.skipIf(!present)('RFC corpus', () => {
  const labels = present ? readLabels().filter((label) => label.file.startsWith('rfc/')) : [];
  const files = [...new Set(labels.map((label) => label.file))];

  it('has labels to check', () => {
    expect(labels.length).toBeGreaterThan(1000);
  });

  it('finds every labelled wrapper with its url or url_alt', () => {
    const missed: string[] = [];
    const unexpectedlyFound: string[] = [];
    for (const file of files) {
      const text = readFileSync(new URL(file, shared), 'utf8');
      const rejected: RejectedCandidate[] = [];
      const matches = findUrls(text, { onReject: (r) => rejected.push(r) });
      const unused = new Set(matches);
      for (const label of labels.filter((l) => l.file === file)) {
        const known = NOT_URLS[`${file} ${label.raw}`];
        // The early draft's form URL=<...> is one wrapper; the labels keep only its <...>.
        const found = [...unused].find(
          (m) => (m.raw === label.raw || m.raw.toLowerCase() === `url=${label.raw.toLowerCase()}`) && (m.url === label.url || (label.urlAlt !== '' && m.url === label.urlAlt)),
        );
        if (known) {
          if (found) unexpectedlyFound.push(`${file}: ${label.raw}`);
          const rejection = rejected.find((r) => r.raw === label.raw);
          expect(rejection, `${file}: ${label.raw} (${known.why})`).toBeDefined();
          if (known.reason) expect(rejection?.reason).toBe(known.reason);
          continue;
        }
        if (found) unused.delete(found);
        else missed.push(`${file}: ${JSON.stringify(label.raw)} => ${label.url}`);
      }
    }
    expect(missed).toEqual([]);
    expect(unexpectedlyFound).toEqual([]);
  });

  it('locates every match and rejection in every RFC exactly', () => {
    const dir = new URL('rfc/', shared);
    const names = readdirSync(dir).filter((name) => name.endsWith('.txt'));
    expect(names.length).toBeGreaterThan(400);
    let count = 0;
    for (const name of names) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      const starts = lineStarts(text);
      const rejected: RejectedCandidate[] = [];
      const matches = findUrls(text, { emails: true, onReject: (r) => rejected.push(r) });
      for (const item of [...matches, ...rejected]) expectLocated(text, starts, item);
      count += matches.length;
    }
    expect(count).toBeGreaterThan(10_000);
  });
});
