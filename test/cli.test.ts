// End-to-end tests of the `urlsift` command: the built dist/cli.js run as a user runs it,
// on the hand-written inputs in corpus/cli/ (positions below are counted by hand from them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, linesOf, requireBuild, ROOT, runCli } from './cli/run-cli.js';

const MBOX = 'corpus/cli/two-messages.mbox';
const NOTES = 'corpus/cli/notes.txt';
const NONE = 'corpus/cli/none.txt';
const TREE = 'corpus/cli/tree';

/** What `urlsift corpus/cli/two-messages.mbox` must print, counted by hand. */
const MBOX_TEXT = [
  `${MBOX}:6:19\thttps://lists.example.org/unsub`,
  `${MBOX}:8:18\tftp://ftp.example.org/pub/notes.txt`,
  `${MBOX}:9:12\thttp://archive.example.org/2020/`,
];

/** What `urlsift --exclude '*.expected' corpus/cli/tree` must print: Maildir new/ then cur/, then names in order. */
const TREE_TEXT = [
  `${TREE}/Maildir/new/1577836900.M2P1.host:6:8\thttps://new.example.org/item?id=7`,
  `${TREE}/Maildir/cur/1577836800.M1P1.host:2,S:6:6\tgopher://gopher.example.org/1/menu`,
  `${TREE}/a-first.txt:1:5\thttp://tree.example.org/a`,
  `${TREE}/b-mail.eml:9:7\thttps://forms.example.org/a?x=1&y=2`,
  `${TREE}/spool/comp.test/1:7:5\tnews:comp.test`,
  `${TREE}/spool/comp.test/1:7:34\thttp://news.example.org/faq`,
];

interface JsonRecord {
  url: string;
  scheme: string;
  context: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  offset: number;
  endOffset: number;
  exact: boolean;
  message: number | null;
  messageId: string | null;
  newsgroups: string[] | null;
  part: string | null;
  header: string | null;
  alternatives: string[];
  notes: string[];
  parts: Record<string, unknown>;
}

const FIELDS = [
  'url', 'scheme', 'context', 'file', 'line', 'column', 'endLine', 'endColumn', 'offset', 'endOffset', 'exact',
  'message', 'messageId', 'newsgroups', 'part', 'header', 'alternatives', 'notes', 'parts', 'lineText',
];

const parseJsonl = (text: string): JsonRecord[] => linesOf(text).map((line) => JSON.parse(line) as JsonRecord);

let temp: string;
beforeAll(() => {
  requireBuild();
  temp = mkdtempSync(join(tmpdir(), 'urlsift-cli-'));
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('urlsift on files', () => {
  it('prints file:line:column<TAB>url for each URL of an mbox and exits 0', () => {
    const { code, stdout, stderr } = runCli([MBOX]);
    expect(stderr).toBe('');
    expect(linesOf(stdout)).toEqual(MBOX_TEXT);
    expect(code).toBe(0);
  });

  it('exits 1 with no output when there is no URL', () => {
    expect(runCli([NONE])).toEqual({ code: 1, stdout: '', stderr: '' });
  });

  it('reads several paths in the order given', () => {
    const { code, stdout } = runCli([NONE, MBOX, `${TREE}/a-first.txt`]);
    expect(linesOf(stdout)).toEqual([...MBOX_TEXT, TREE_TEXT[2]]);
    expect(code).toBe(0);
  });

  it('reads a .gz mailbox as it streams, with positions in the decompressed file', () => {
    const gz = join(temp, 'two-messages.mbox.gz');
    writeFileSync(gz, gzipSync(readFileSync(join(ROOT, MBOX))));
    const { code, stdout } = runCli([gz]);
    expect(linesOf(stdout)).toEqual(MBOX_TEXT.map((line) => line.replace(MBOX, gz)));
    expect(code).toBe(0);
  });
});

describe('urlsift on standard input', () => {
  const message = readFileSync(join(ROOT, MBOX));

  it('reads standard input when no path is given, and names it -', () => {
    const { code, stdout } = runCli([], message);
    expect(linesOf(stdout)).toEqual(MBOX_TEXT.map((line) => line.replace(MBOX, '-')));
    expect(code).toBe(0);
  });

  it('reads standard input for the path -, among files', () => {
    const { stdout } = runCli(['-o', NOTES, '-', `${TREE}/a-first.txt`], 'see http://stdin.example.org/x\n');
    expect(linesOf(stdout)).toEqual([
      'ftp://ftp.example.org/pub/archive/file.tgz',
      'ftp://anna:s3cret@files.example.org/private/',
      'http://www.example.com',
      'http://stdin.example.org/x',
      'http://tree.example.org/a',
    ]);
  });

  it('reads one raw message as a mail reader pipes it (-o, as urlview)', () => {
    const eml = readFileSync(join(ROOT, TREE, 'b-mail.eml'));
    expect(runCli(['-o'], eml)).toEqual({ code: 0, stdout: 'https://forms.example.org/a?x=1&y=2\n', stderr: '' });
  });
});

describe('urlsift on a directory', () => {
  it('walks it in a fixed order, recognising Maildir folders and news spools, skipping hidden files', () => {
    const { code, stdout, stderr } = runCli(['--exclude', '*.expected', TREE]);
    expect(stderr).toBe('');
    expect(linesOf(stdout)).toEqual(TREE_TEXT);
    expect(code).toBe(0);
  });

  it('reads every file without --exclude', () => {
    const { stdout } = runCli([TREE]);
    expect(linesOf(stdout)).toEqual([...TREE_TEXT.slice(0, 4), `${TREE}/skip.expected:1:24\thttp://skip.example.org/`, ...TREE_TEXT.slice(4)]);
    expect(stdout).not.toContain('hidden.example.org');
  });

  it('gives articles their Message-ID and Newsgroups, and Maildir messages theirs', () => {
    const records = parseJsonl(runCli(['--format', 'jsonl', '--exclude', '*.expected', TREE]).stdout);
    const article = records.filter((record) => record.file.endsWith('spool/comp.test/1'));
    expect(article.map((record) => [record.messageId, record.newsgroups, record.message])).toEqual([
      ['<art-1@example.org>', ['comp.test', 'comp.misc'], 0],
      ['<art-1@example.org>', ['comp.test', 'comp.misc'], 0],
    ]);
    expect(records[0]).toMatchObject({ messageId: '<new-1@example.org>', newsgroups: null, part: '1' });
  });
});

describe('a path that cannot be read', () => {
  it('gets one line naming it on stderr; the other paths are still scanned; exit 2', () => {
    const { code, stdout, stderr } = runCli([MBOX, 'corpus/cli/no-such-file.txt', `${TREE}/a-first.txt`]);
    expect(linesOf(stderr)).toEqual(['urlsift: corpus/cli/no-such-file.txt: No such file or directory']);
    expect(linesOf(stdout)).toEqual([...MBOX_TEXT, TREE_TEXT[2]]);
    expect(code).toBe(2);
  });

  it('exits 2 even when nothing else was found', () => {
    const { code, stderr } = runCli([NONE, 'corpus/cli/missing-dir/']);
    expect(stderr).toContain('corpus/cli/missing-dir/');
    expect(code).toBe(2);
  });
});

describe('formats', () => {
  it('jsonl: one record per URL with every documented field, positions in the raw file', () => {
    const { code, stdout } = runCli(['--format', 'jsonl', MBOX]);
    const records = parseJsonl(stdout);
    expect(code).toBe(0);
    for (const record of records) expect(Object.keys(record)).toEqual(FIELDS);
    expect(records.map((r) => [r.url, r.context, r.line, r.column, r.message, r.messageId, r.header, r.part])).toEqual([
      ['https://lists.example.org/unsub', 'angle', 6, 19, 0, '<m1@example.org>', 'List-Unsubscribe', null],
      ['ftp://ftp.example.org/pub/notes.txt', 'wrapper', 8, 18, 0, '<m1@example.org>', null, '1'],
      ['http://archive.example.org/2020/', 'bare', 9, 12, 0, '<m1@example.org>', null, '1'],
    ]);
    // The byte offsets point at the URL's own bytes in the file.
    const raw = readFileSync(join(ROOT, MBOX));
    for (const record of records) {
      const slice = raw.subarray(record.offset, record.endOffset).toString('utf8');
      expect(slice).toContain(record.url.replace(/^[a-z]+:\/\//, ''));
      expect(record.exact).toBe(true);
    }
  });

  it('jsonl: raw-file line and column of a quoted-printable URL (=3D in it)', () => {
    const [record] = parseJsonl(runCli(['--format', 'jsonl', `${TREE}/b-mail.eml`]).stdout);
    expect(record).toMatchObject({ url: 'https://forms.example.org/a?x=1&y=2', line: 9, column: 7, endLine: 9, endColumn: 46, exact: true });
    const raw = readFileSync(join(ROOT, TREE, 'b-mail.eml'), 'latin1');
    expect(raw.slice(record!.offset, record!.endOffset)).toBe('https://forms.example.org/a?x=3D1&y=3D2');
  });

  it('json: one array holding the same records as jsonl', () => {
    const json = runCli(['--format', 'json', MBOX, NOTES]);
    const jsonl = runCli(['--format', 'jsonl', MBOX, NOTES]);
    expect(JSON.parse(json.stdout)).toEqual(parseJsonl(jsonl.stdout));
    expect(json.code).toBe(0);
  });

  it('json: an empty array when nothing is found', () => {
    const { code, stdout } = runCli(['--format', 'json', NONE]);
    expect(JSON.parse(stdout)).toEqual([]);
    expect(code).toBe(1);
  });

  it('csv: a header line, then one quoted row per URL with the same values as jsonl', () => {
    const { stdout } = runCli(['--format', 'csv', MBOX]);
    const [header, ...rows] = linesOf(stdout);
    expect(header).toBe('url,scheme,context,file,line,column,endLine,endColumn,offset,endOffset,exact,message,messageId,newsgroups,part,header,alternatives,notes');
    expect(rows).toHaveLength(3);
    const records = parseJsonl(runCli(['--format', 'jsonl', MBOX]).stdout);
    rows.forEach((row, index) => {
      const record = records[index]!;
      expect(row.split(',').slice(0, 12)).toEqual([
        record.url, record.scheme, record.context, record.file, String(record.line), String(record.column), String(record.endLine),
        String(record.endColumn), String(record.offset), String(record.endOffset), String(record.exact), String(record.message),
      ]);
    });
  });

  it('csv: quotes fields holding commas', () => {
    const { stdout } = runCli(['--format', 'csv', `${TREE}/Maildir`]);
    expect(linesOf(stdout)[2]).toContain('"corpus/cli/tree/Maildir/cur/1577836800.M1P1.host:2,S"');
  });

  it('-o: bare URLs one per line; refuses another --format', () => {
    expect(linesOf(runCli(['-o', MBOX]).stdout)).toEqual(MBOX_TEXT.map((line) => line.split('\t')[1]));
    const { code, stderr } = runCli(['-o', '--format', 'jsonl', MBOX]);
    expect(code).toBe(2);
    expect(stderr).toContain('--only-urls');
  });
});

describe('filters and matching options', () => {
  it('--scheme keeps only the schemes named (repeatable, comma lists)', () => {
    expect(linesOf(runCli(['-o', '-s', 'ftp', MBOX, NOTES]).stdout)).toEqual([
      'ftp://ftp.example.org/pub/notes.txt',
      'ftp://ftp.example.org/pub/archive/file.tgz',
      'ftp://anna:s3cret@files.example.org/private/',
    ]);
    expect(linesOf(runCli(['-o', '-s', 'HTTP,https', '-s', 'gopher', TREE]).stdout)).toHaveLength(6);
    expect(runCli(['-s', 'mailto', MBOX]).code).toBe(1);
  });

  it('--unique prints each normalised URL once, where it was first found', () => {
    const twice = join(temp, 'twice.txt');
    writeFileSync(twice, 'a HTTP://Example.COM:80/x here\nb http://example.com/x again\nc http://example.com/y\n');
    expect(linesOf(runCli(['-u', twice]).stdout)).toEqual([`${twice}:1:3\tHTTP://Example.COM:80/x`, `${twice}:3:3\thttp://example.com/y`]);
    expect(linesOf(runCli([twice]).stdout)).toHaveLength(3);
  });

  it('--redact masks passwords in URLs and in their parts', () => {
    const text = runCli(['-o', '--redact', NOTES]).stdout;
    expect(text).toContain('ftp://anna:****@files.example.org/private/\n');
    expect(text).not.toContain('s3cret');
    const jsonl = runCli(['--format', 'jsonl', '--redact', NOTES]).stdout;
    expect(jsonl).not.toContain('s3cret');
    expect(jsonl).toContain('"password":"****"');
  });

  it('--explain reports rejected candidates and why on stderr, with their place', () => {
    const { stdout, stderr } = runCli(['--explain', NOTES]);
    expect(stdout).not.toContain('bad.example.org');
    expect(stderr).toMatch(/^corpus\/cli\/notes\.txt:5:9: rejected http:\/\/bad\.example\.org:99999\/: bad-port/m);
    expect(runCli([NOTES]).stderr).toBe('');
  });

  it('--emails adds bare addresses; --no-schemeless drops www. hosts', () => {
    expect(linesOf(runCli(['--emails', NOTES]).stdout)).toContain(`${NOTES}:6:45\tmailto:info@example.com`);
    expect(runCli([NOTES]).stdout).not.toContain('mailto:');
    expect(runCli(['--no-schemeless', NOTES]).stdout).not.toContain('www.example.com');
    expect(runCli([NOTES]).stdout).toContain(`${NOTES}:6:7\thttp://www.example.com`);
  });

  it('--no-headers skips URL-bearing header fields', () => {
    expect(linesOf(runCli(['--no-headers', MBOX]).stdout)).toEqual(MBOX_TEXT.slice(1));
  });

  it('--strict applies the RFC 1738 grammar: a user name in an http URL is refused', () => {
    const file = join(temp, 'userinfo.txt');
    writeFileSync(file, 'see http://user@host.example.org/ now\n');
    expect(runCli(['-o', file]).stdout).toBe('http://user@host.example.org/\n');
    expect(runCli(['-o', '--strict', file]).code).toBe(1);
  });

  it('--input reads every input as the kind named', () => {
    // Read as plain text, the mbox's header lines are text too: same URLs, no message index.
    const records = parseJsonl(runCli(['--format', 'jsonl', '--input', 'text', MBOX]).stdout);
    expect(records.map((record) => record.message)).toEqual([null, null, null]);
    expect(records.map((record) => record.url)).toEqual(MBOX_TEXT.map((line) => line.split('\t')[1]));
  });
});

describe('--stats', () => {
  it('prints one JSON line on stderr with files, messages, matches, errors, schemes and top hosts', () => {
    const { code, stdout, stderr } = runCli(['--stats', MBOX, NOTES, 'corpus/cli/nope']);
    expect(linesOf(stdout)).toHaveLength(6);
    const lines = linesOf(stderr);
    expect(lines[0]).toBe('urlsift: corpus/cli/nope: No such file or directory');
    const stats = JSON.parse(lines[1]!) as Record<string, unknown>;
    expect(stats).toMatchObject({
      files: 2,
      messages: 2,
      matches: 6,
      errors: 1,
      schemes: { ftp: 3, http: 2, https: 1 },
    });
    expect((stats.topHosts as Array<{ host: string; count: number }>)[0]).toEqual({ host: 'ftp.example.org', count: 2 });
    expect(lines).toHaveLength(2);
    expect(code).toBe(2);
  });

  it('counts the messages of a gzipped mbox, a Maildir and a spool', () => {
    const gz = join(temp, 'count.mbox.gz');
    writeFileSync(gz, gzipSync(readFileSync(join(ROOT, MBOX))));
    const stats = JSON.parse(linesOf(runCli(['--stats', '-j', '2', gz, TREE]).stderr)[0]!) as { files: number; messages: number };
    // 2 in the mbox; Maildir 2, b-mail.eml 1, spool 2 (a-first.txt and skip.expected are text).
    expect(stats).toMatchObject({ files: 8, messages: 7 });
  });
});

describe('exit codes and usage', () => {
  it('--help shows usage and examples, exit 0', () => {
    const { code, stdout } = runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: urlsift [options] [paths..]');
    expect(stdout).toContain('Examples:');
    expect(stdout).toContain('--only-urls');
  });

  it('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(runCli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [['--bogus', MBOX], 'urlsift: --bogus: unknown option\n'],
    [['--format', 'xml', MBOX], 'urlsift: --format: "xml" is not a format; choose text, jsonl, json, csv\n'],
    [['-j', '0', MBOX], 'urlsift: --jobs: expects a whole number from 1 to 256, not "0"\n'],
    [['-j', 'many', MBOX], 'urlsift: --jobs: expects a whole number from 1 to 256, not "many"\n'],
    [['--shard', '3/2', MBOX], 'urlsift: --shard: expects K/N with 1 <= K <= N <= 1000000 (this process does shard K of N), not "3/2"\n'],
    [['-s', 'not a scheme', MBOX], 'urlsift: --scheme: "not a scheme" is not a scheme name (RFC 3986 §3.1: a letter, then letters, digits, "+", "-" or ".")\n'],
  ])('usage error %j: one line on stderr, nothing on stdout, exit 2', (args, message) => {
    const { code, stdout, stderr } = runCli(args);
    expect(stdout).toBe('');
    expect(stderr).toBe(message);
    expect(code).toBe(2);
  });
});

describe('urlsift merge', () => {
  it('without shard outputs is a usage error, exit 2; output that is not a shard\'s is refused, exit 2', () => {
    const none = runCli(['merge']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('urlsift merge: merge needs the shard outputs to merge');
    const unsharded = join(temp, 'unsharded.jsonl');
    writeFileSync(unsharded, runCli(['--format', 'jsonl', MBOX]).stdout);
    const refused = runCli(['merge', unsharded]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('neither records of a sharded run');
  });
});

describe('output into a pipe that closes: urlsift big | head -1', () => {
  let big: string;
  beforeAll(() => {
    big = join(temp, 'big.txt');
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) lines.push(`line ${i} points at http://host${i % 97}.example.org/page/${i} for details`);
    writeFileSync(big, `${lines.join('\n')}\n`);
  });

  // One file runs on the main thread; two run on the main thread and a worker.
  it.each([[1], [2]])('ends quietly with %i path(s): no stack trace, exit status 0', (count) => {
    const paths = Array.from({ length: count }, () => `"${big}"`).join(' ');
    const script = `"${process.execPath}" "${CLI}" -j 2 ${paths} | head -1; echo "status=\${PIPESTATUS[0]}"`;
    const result = spawnSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    // "line 0 points at " is 17 characters: the URL starts in column 18.
    expect(linesOf(result.stdout)).toEqual([`${big}:1:18\thttp://host0.example.org/page/0`, 'status=0']);
  });

  // The reader leaving is not trouble (exit 2 is kept for > /dev/full, test/cli/hostile.test.ts):
  // no message, and the status as it stood, as ripgrep does; grep dies of SIGPIPE there, silently too.
  it('ends quietly on standard input with --format json too: no message, exit status 0', () => {
    const script = `"${process.execPath}" "${CLI}" --format json - < "${big}" | head -1; echo "status=\${PIPESTATUS[0]}"`;
    const result = spawnSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(linesOf(result.stdout)).toEqual(['[', 'status=0']);
  });
});

describe('-j 1 and -j 2', () => {
  it('print the same bytes on a directory of mixed inputs', () => {
    for (const format of ['text', 'jsonl', 'csv']) {
      const one = runCli(['--format', format, '--explain', '-j', '1', 'corpus']);
      const two = runCli(['--format', format, '--explain', '-j', '2', 'corpus']);
      expect(two.stdout).toBe(one.stdout);
      expect(two.stderr).toBe(one.stderr);
      expect(two.code).toBe(one.code);
      expect(linesOf(one.stdout).length).toBeGreaterThan(50);
    }
  });
});
