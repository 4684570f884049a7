// Real mail and news from ../shared/corpus (read, never copied): message counts against
// Python's mailbox.mbox, origins of the 2,000 mini_newsgroups articles, the MIME
// fixtures, the wrapper labels, and the raw positions of every match in the usrp-users
// mailbox. Skipped, with a note, when ../shared or python3 is absent.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import libqp from 'libqp';
import { describe, expect, it } from 'vitest';
import { findMessageBoundaries, scan, type ScanItem, type ScanMatch } from '../../src/index.js';
import { readDocuments } from '../../src/sources/read-input.js';

const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const hasCorpus = existsSync(corpus);
const hasPython = spawnSync('python3', ['-c', 'import mailbox'], { stdio: 'ignore' }).status === 0;
if (!hasCorpus) console.warn(`shared-corpus tests skipped: ${corpus} not found`);
else if (!hasPython) console.warn('message-count tests skipped: python3 with the mailbox module not found');

const usrp = join(corpus, 'mbox/usrp-users-2019-04_to_2020-04.mbox.gz');
const pipermail = hasCorpus ? readdirSync(join(corpus, 'pipermail/twisted-python')).filter((name) => name.endsWith('.gz')).map((name) => join(corpus, 'pipermail/twisted-python', name)) : [];

/** Counts messages with Python's mailbox.mbox, the independent oracle, decompressing to a temporary file. */
const PYTHON_COUNT = `
import gzip, json, mailbox, os, shutil, sys, tempfile
counts = {}
with tempfile.TemporaryDirectory() as tmp:
    for path in sys.argv[1:]:
        target = os.path.join(tmp, 'box')
        with gzip.open(path, 'rb') as src, open(target, 'wb') as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        box = mailbox.mbox(target, create=False)
        counts[path] = len(box)
        box.close()
print(json.dumps(counts))
`;
import { lineIndexOf } from '../support/line-index.js';
import { collect } from '../support/chunks.js';


describe.skipIf(!hasCorpus || !hasPython)('message counts', () => {
  it('equal Python mailbox.mbox for the usrp-users mbox and every twisted-python pipermail month', async () => {
    const paths = [usrp, ...pipermail];
    expect(pipermail.length).toBeGreaterThan(200);
    const python = spawnSync('python3', ['-c', PYTHON_COUNT, ...paths], { encoding: 'utf8', maxBuffer: 1 << 24 });
    expect(python.status, python.stderr).toBe(0);
    const expected = JSON.parse(python.stdout) as Record<string, number>;
    const differences: string[] = [];
    for (const path of paths) {
      let count = 0;
      for await (const boundary of findMessageBoundaries(path)) {
        expect(boundary.index).toBe(count);
        count++;
      }
      if (count !== expected[path]) differences.push(`${path}: urlsift ${count}, Python ${expected[path]}`);
    }
    expect(differences).toEqual([]);
    expect(expected[usrp]).toBeGreaterThan(2000);
  }, 300_000);
});

/** The header section of a file, unfolded, as a map of lower-case names to first values (read independently of urlsift). */
function headersOf(path: string): Map<string, string> {
  const text = readFileSync(path, 'latin1');
  const end = text.search(/\r?\n\r?\n/);
  const fields = new Map<string, string>();
  for (const line of (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const key = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !fields.has(key)) fields.set(key, line.slice(colon + 1).trim());
  }
  return fields;
}

describe.skipIf(!hasCorpus)('usenet/mini_newsgroups', () => {
  const spool = join(corpus, 'usenet/mini_newsgroups');

  it('reads all 2,000 articles, each with its Message-ID and Newsgroups in the origin', async () => {
    const seen = new Map<string, { messageId?: string; newsgroups?: string[]; input: string }>();
    const errors: string[] = [];
    for await (const item of readDocuments(spool)) {
      if (item.type === 'error') {
        errors.push(item.detail);
        continue;
      }
      if (!seen.has(item.origin.file!)) seen.set(item.origin.file!, item.origin);
    }
    expect(seen.size).toBe(2000);
    // One 1993 article declares "Content-Type: setext/plain; charset=ascii_827": read as text, charset reported.
    expect(errors).toEqual([expect.stringMatching(/comp\.graphics\/38753: message 0, part 1: unknown charset "ascii_827"/)]);
    const wrong: string[] = [];
    for (const [file, origin] of seen) {
      const fields = headersOf(file);
      const newsgroups = fields.get('newsgroups')!.split(',').map((group) => group.trim()).filter(Boolean);
      if (origin.input !== 'spool' || origin.messageId !== fields.get('message-id') || JSON.stringify(origin.newsgroups) !== JSON.stringify(newsgroups)) {
        wrong.push(`${file}: ${JSON.stringify(origin)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('puts them on every match too', async () => {
    const matches = (await collect(scan(spool))).filter((item): item is ScanMatch => item.type === 'match');
    expect(matches.length).toBeGreaterThan(0);
    for (const match of matches) {
      expect(match.origin.messageId).toMatch(/^<.+>$/);
      expect(match.origin.newsgroups?.length).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe.skipIf(!hasCorpus)('mime-fixtures', () => {
  const dir = join(corpus, 'mime-fixtures');
  const files = hasCorpus
    ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) => readdirSync(join(dir, d.name)).map((name) => join(dir, d.name, name)))
    : [];
  /** Defects these fixtures were written to contain (CPython's test_email tests them). */
  const EXPECTED_REASONS = new Set(['no-body-parts', 'missing-boundary', 'truncated-multipart', 'junk-before-first-message', 'truncated-file', 'unknown-charset']);

  it('decode without crashing, every message giving documents', async () => {
    expect(files.length).toBe(71);
    const problems: string[] = [];
    for (const file of files) {
      let documents = 0;
      for await (const item of readDocuments(file)) {
        if (item.type === 'document') documents++;
        else if (!EXPECTED_REASONS.has(item.reason)) problems.push(`${file}: ${item.reason}: ${item.detail}`);
      }
      for await (const item of scan(file)) expect(['match', 'error']).toContain(item.type);
      // A message of one image (base64encodedroot.eml) or an empty mailbox has no text to give.
      const rootType = headersOf(file).get('content-type') ?? 'text/plain';
      if (documents === 0 && !/^(image|application|audio|video)\//i.test(rootType) && !/test-0-message/.test(file)) problems.push(`${file}: no documents`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/**
 * Labels urlsift does not find, judged wrong for the reason given (the scheme parsers
 * refuse them). Keyed by file name, message and URL.
 */
const LABEL_DISAGREEMENTS: ReadonlyMap<string, string> = new Map([
  ['usrp-users-2019-04_to_2020-04.mbox.gz 1311 mailto:3x3@122.88M', 'not an address: "122.88M" is a sample rate, not a host'],
  ['usrp-users-2019-04_to_2020-04.mbox.gz 1311 mailto:2x2@122.88MS', 'not an address: "122.88MS" is a sample rate, not a host'],
  ['usrp-users-2019-04_to_2020-04.mbox.gz 1311 mailto:4x4@122.88MS', 'not an address: "122.88MS" is a sample rate, not a host'],
  ['usrp-users-2019-04_to_2020-04.mbox.gz 1877 http://lists.ettus.noclick_com/mailman/listinfo/usrp-users_lists.ettus.com', 'a deliberately broken host ("noclick_com", "_" is not allowed in a host name)'],
  ['usrp-users-2019-04_to_2020-04.mbox.gz 1923 http://lists.ettus.noclick_com/mailman/listinfo/usrp-users_lists.ettus.com', 'a deliberately broken host ("noclick_com", "_" is not allowed in a host name)'],
  ['2012-January.txt.gz 26 view-source:http://ajax.googleapis.com/ajax/libs/jquery/1.6.1/jquery.min.js', 'view-source: is a browser command, not a registered scheme'],
  ['2012-January.txt.gz 118 view-source:http://ajax.googleapis.com/ajax/libs/jquery/1.6.1/jquery.min.js', 'view-source: is a browser command, not a registered scheme'],
  ['2017-March.txt.gz 59 http://s.Dy...2;&..p', 'garbage from a mangled message, no valid host'],
  ['2017-March.txt.gz 61 http://s.Dy...2;&..p', 'garbage from a mangled message, no valid host'],
  ['2017-March.txt.gz 129 http://s.Dy...2;&..p', 'garbage from a mangled message, no valid host'],
  ['2017-March.txt.gz 131 http://s.Dy...2;&..p', 'garbage from a mangled message, no valid host'],
]);
/** Whole URLs judged not to be URLs wherever they occur, with the reason. */
const LABEL_URL_DISAGREEMENTS: ReadonlyMap<string, string> = new Map([
  ['javascript:;', 'javascript: is script, not a URL the RFCs or the registry know'],
  ['skype:toberstein?call', 'skype: is not a registered scheme'],
  ['file://www.connectcommerce.com', 'Outlook\'s broken rendering of a web address as file://; the file scheme parser refuses a host-only file URL without a path'],
  ['mailto:Twisted-Python%40twistedmatrix.com', 'an escaped "@" leaves no address (RFC 6068 §2: addr-spec needs "@")'],
]);

describe.skipIf(!hasCorpus)('labels/wrappers.tsv', () => {
  it('finds every wrapper label of the mail and news files (mbox, pipermail, Usenet, MIME) in its message', async () => {
    const rows = readFileSync(join(corpus, 'labels/wrappers.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
    const byFile = new Map<string, string[][]>();
    for (const row of rows) {
      const file = row[0]!;
      // The RFC texts are the scanner's (test/rfc-labels.test.ts); every mail and news file is ours.
      if (file.startsWith('rfc/')) continue;
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file)!.push(row);
    }
    expect(byFile.size).toBeGreaterThan(200);
    // The `part` column counts walk() positions over every part, containers and attachments
    // included; urlsift numbers text parts as IMAP does and does not list the others, so only
    // the message is compared.
    const missed: string[] = [];
    let checked = 0;
    for (const [file, labels] of byFile) {
      const found = new Set<string>();
      for await (const item of scan(join(corpus, file))) {
        if (item.type !== 'match') continue;
        // A single article or message is "-1" in the labels and message 0 here.
        const message = item.origin.input === 'mbox' ? item.origin.message : -1;
        for (const url of [item.url, ...item.alternatives]) found.add(`${message} ${url}`);
      }
      const name = file.split('/').pop();
      for (const [, message, , url, alt] of labels) {
        checked++;
        if (found.has(`${message} ${url}`) || (alt && found.has(`${message} ${alt}`))) continue;
        if (LABEL_DISAGREEMENTS.has(`${name} ${message} ${url}`) || LABEL_URL_DISAGREEMENTS.has(url!)) continue;
        missed.push(`${name} message ${message}: ${url}`);
      }
    }
    expect(checked).toBeGreaterThan(13000);
    expect(missed).toEqual([]);
  }, 300_000);
});

describe.skipIf(!hasCorpus)('raw positions in the usrp-users mailbox', () => {
  it('point at bytes that decode to each match, for every exactly located match', async () => {
    const raw = gunzipSync(readFileSync(usrp));
    const { lineOf, lineStarts } = lineIndexOf(raw);
    let exact = 0;
    const wrong: string[] = [];
    for await (const item of scan(raw)) {
      if (item.type !== 'match') continue;
      const { start, end } = item.origin.position;
      // Line and column agree with the byte offset, for every match.
      const line = lineOf(start.offset);
      if (start.line !== line + 1 || start.column !== start.offset - lineStarts[line]! + 1) wrong.push(`${item.url}: ${JSON.stringify(start)}`);
      if (!item.origin.exact) continue;
      exact++;
      // The raw bytes, transfer- and charset-decoded by other code, are the match's raw text.
      let bytes: Buffer = raw.subarray(start.offset, end.offset);
      if (item.origin.transferEncoding === 'quoted-printable') bytes = libqp.decode(bytes.toString('latin1'));
      const charset = item.origin.charset ?? 'UTF-8';
      const text = charset === 'US-ASCII' ? bytes.toString('latin1') : /2022/.test(charset) ? new TextDecoder(charset).decode(bytes) : iconv.decode(bytes, charset);
      if (text !== item.raw) wrong.push(`${item.origin.message} ${item.origin.part ?? item.origin.header}: ${JSON.stringify(text)} != ${JSON.stringify(item.raw)}`);
    }
    expect(exact).toBeGreaterThan(30000);
    expect(wrong.slice(0, 20)).toEqual([]);
  }, 300_000);
});
