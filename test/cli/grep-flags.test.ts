// End-to-end tests of the grep- and ripgrep-style flags (issue 17): the built dist/cli.js on
// the hand-written inputs in corpus/cli/. Expected lines are counted by hand from those files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, linesOf, requireBuild, ROOT, runCli } from './run-cli.js';

const MBOX = 'corpus/cli/two-messages.mbox';
const NOTES = 'corpus/cli/notes.txt';
const NONE = 'corpus/cli/none.txt';
const HOSTS = 'corpus/cli/hosts.txt';
const TREE = 'corpus/cli/tree';
const MAILDIRPP = 'corpus/cli/maildirpp';
const SEEN = `${TREE}/Maildir/cur/1577836800.M1P1.host:2,S`;

let temp: string;
beforeAll(() => {
  requireBuild();
  temp = mkdtempSync(join(tmpdir(), 'urlsift-flags-'));
});
afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('context', () => {
  it('-C 1 prints the match line grep-style, with the lines around it and -- between groups', () => {
    const { code, stdout } = runCli(['-C', '1', MBOX]);
    expect(code).toBe(0);
    expect(linesOf(stdout)).toEqual([
      `${MBOX}-5-Message-ID: <m1@example.org>`,
      `${MBOX}:6:19:List-Unsubscribe: <https://lists.example.org/unsub>`,
      `${MBOX}-7-`,
      '--',
      `${MBOX}-7-`,
      `${MBOX}:8:18:The notes are at <URL:ftp://ftp.example.org/pub/notes.txt> and the`,
      `${MBOX}-9-archive is http://archive.example.org/2020/ as before.`,
      '--',
      `${MBOX}-8-The notes are at <URL:ftp://ftp.example.org/pub/notes.txt> and the`,
      `${MBOX}:9:12:archive is http://archive.example.org/2020/ as before.`,
      `${MBOX}-10-`,
    ]);
  });

  it('-B and -A count separately; -A stops at the end of the file', () => {
    const { stdout } = runCli(['-B', '0', '-A', '2', '-s', 'http', NOTES]);
    expect(linesOf(stdout)).toEqual([`${NOTES}:6:7:Visit www.example.com for more, or write to info@example.com.`]);
    const before = runCli(['-B', '2', '--scheme', 'http', NOTES]);
    expect(linesOf(before.stdout)).toEqual([
      `${NOTES}-4-Login with ftp://anna:s3cret@files.example.org/private/ please.`,
      `${NOTES}-5-Broken: http://bad.example.org:99999/ never worked.`,
      `${NOTES}:6:7:Visit www.example.com for more, or write to info@example.com.`,
    ]);
  });

  it('highlights the match in the line with --color always', () => {
    const { stdout } = runCli(['-C', '0', '--color', 'always', '-s', 'http', NOTES]);
    expect(stdout).toContain('Visit \x1b[1;31mwww.example.com\x1b[0m for more');
    expect(stdout.replace(/\x1b\[[0-9;]*m/g, '')).toBe(`${NOTES}:6:7:Visit www.example.com for more, or write to info@example.com.\n`);
  });

  it('JSONL records carry the raw line, and the lines around it with --context', () => {
    const plain = linesOf(runCli(['--format', 'jsonl', MBOX]).stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(plain.map((r) => r.lineText)).toEqual([
      'List-Unsubscribe: <https://lists.example.org/unsub>',
      'The notes are at <URL:ftp://ftp.example.org/pub/notes.txt> and the',
      'archive is http://archive.example.org/2020/ as before.',
    ]);
    expect(plain.every((r) => !('linesBefore' in r))).toBe(true);
    const [first] = linesOf(runCli(['--format', 'jsonl', '--context', '2', MBOX]).stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({ line: 6, linesBefore: ['Subject: Mirrors', 'Message-ID: <m1@example.org>'], linesAfter: ['', 'The notes are at <URL:ftp://ftp.example.org/pub/notes.txt> and the'] });
  });

  it('the line is the same on one job and on split ranges of a large mbox (-j 2)', () => {
    // Two copies of the corpus mbox, padded past the split size so that workers share it by ranges.
    const one = readFileSync(join(ROOT, MBOX), 'utf8');
    const pad = `From pad@example.org Mon Jan  6 12:00:00 2020\nSubject: pad\n\n${'padding line without links\n'.repeat(400_000)}\n`;
    const big = join(temp, 'big.mbox');
    writeFileSync(big, one + pad + one + pad + one);
    const lines = (jobs: string): unknown[] => linesOf(runCli(['--format', 'jsonl', '-C', '1', '-j', jobs, big]).stdout).map((line) => {
      const r = JSON.parse(line) as Record<string, unknown>;
      return [r.offset, r.lineText, r.linesBefore, r.linesAfter];
    });
    const single = lines('1');
    expect(single).toHaveLength(9);
    expect(lines('2')).toEqual(single);
  }, 120_000);
});

describe('filters', () => {
  it('--host matches the host in Unicode and in ASCII (IDNA), case-insensitively', () => {
    const expected = [`${HOSTS}:1:10\thttp://bücher.example/katalog`, `${HOSTS}:2:11\thttp://xn--bcher-kva.example/liste`];
    expect(linesOf(runCli(['--host', 'BÜCHER.example', HOSTS]).stdout)).toEqual(expected);
    expect(linesOf(runCli(['--host', 'xn--bcher-kva.*', HOSTS]).stdout)).toEqual(expected);
  });

  it('--exclude-host drops matching hosts; --host with no match exits 1', () => {
    expect(linesOf(runCli(['--exclude-host', '*.example', HOSTS]).stdout)).toEqual([`${HOSTS}:3:8\thttps://www.example.net/`]);
    const none = runCli(['--host', 'nowhere.invalid', HOSTS]);
    expect([none.code, none.stdout]).toEqual([1, '']);
  });

  it('--match keeps URLs matching a JavaScript regular expression', () => {
    expect(linesOf(runCli(['--match', '^ftp://[^/]*@', NOTES]).stdout)).toEqual([`${NOTES}:4:12\tftp://anna:s3cret@files.example.org/private/`]);
  });

  it('--web keeps http, https and ftp only', () => {
    const { stdout } = runCli(['--web', '-o', TREE]);
    expect(linesOf(stdout)).toEqual(['https://new.example.org/item?id=7', 'http://tree.example.org/a', 'https://forms.example.org/a?x=1&y=2', 'http://skip.example.org/', 'http://news.example.org/faq']);
  });
});

describe('counting and listing', () => {
  it('-c prints a count for every file, zero included', () => {
    const { code, stdout } = runCli(['-c', MBOX, NONE, NOTES]);
    expect(code).toBe(0);
    expect(linesOf(stdout)).toEqual([`${MBOX}:3`, `${NONE}:0`, `${NOTES}:3`]);
  });

  it('-l and -L list files with and without URLs', () => {
    expect(linesOf(runCli(['-l', MBOX, NONE, NOTES]).stdout)).toEqual([MBOX, NOTES]);
    const without = runCli(['-L', MBOX, NONE, NOTES]);
    expect([without.code, linesOf(without.stdout)]).toEqual([0, [NONE]]);
  });

  it('-q prints nothing and exits 0 on a URL, 1 without', () => {
    expect(runCli(['-q', NONE, MBOX])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(runCli(['-q', NONE])).toEqual({ code: 1, stdout: '', stderr: '' });
  });

  it('-m NUM keeps at most NUM URLs per file', () => {
    expect(linesOf(runCli(['-m', '1', MBOX, NOTES]).stdout)).toEqual([`${MBOX}:6:19\thttps://lists.example.org/unsub`, `${NOTES}:2:9\tftp://ftp.example.org/pub/archive/file.tgz`]);
    expect(linesOf(runCli(['-c', '-m', '2', MBOX]).stdout)).toEqual([`${MBOX}:2`]);
  });

  it('-Z ends file names with NUL, so a Maildir name with ":2,S" stays whole', () => {
    expect(runCli(['-Z', SEEN]).stdout).toBe(`${SEEN}\x006:6\tgopher://gopher.example.org/1/menu\n`);
    expect(runCli(['-lZ', `${TREE}/Maildir`]).stdout).toBe(`${TREE}/Maildir/new/1577836900.M2P1.host\x00${SEEN}\x00`);
    expect(runCli(['-cZ', SEEN]).stdout).toBe(`${SEEN}\x001\n`);
  });
});

describe('output to a file', () => {
  it('--output writes the results to FILE and nothing to stdout, leaving no temporary file', () => {
    const target = join(temp, 'urls.txt');
    writeFileSync(target, 'old content\n');
    const { code, stdout } = runCli(['--output', target, MBOX]);
    expect([code, stdout]).toEqual([0, '']);
    expect(readFileSync(target, 'utf8')).toBe(runCli([MBOX]).stdout);
    expect(readdirSync(temp).filter((name) => name.includes('urlsift'))).toEqual([]);
  });

  it('-o keeps grep\'s meaning (the URLs only), and combines with --output', () => {
    const target = join(temp, 'only.txt');
    runCli(['-o', '--output', target, MBOX]);
    expect(readFileSync(target, 'utf8')).toBe('https://lists.example.org/unsub\nftp://ftp.example.org/pub/notes.txt\nhttp://archive.example.org/2020/\n');
  });
});

describe('directory rules', () => {
  it('Maildir++ folders (.Sent, .Lists.foo) are read; other dot-directories are not', () => {
    expect(linesOf(runCli([MAILDIRPP]).stdout)).toEqual([
      `${MAILDIRPP}/cur/1600000000.M1P1.host:2,S:4:7\thttp://inbox.example.org/`,
      `${MAILDIRPP}/.Lists.foo/new/1600000002.M3P1.host:4:6\thttp://list.example.org/foo`,
      `${MAILDIRPP}/.Sent/cur/1600000001.M2P1.host:2,S:4:6\thttp://sent.example.org/`,
    ]);
  });

  it('--exclude-dir skips a folder by name; --include keeps only matching files', () => {
    expect(linesOf(runCli(['-o', '--exclude-dir', '.Sent', '--exclude-dir', 'spool', MAILDIRPP, TREE]).stdout)).toEqual([
      'http://inbox.example.org/', 'http://list.example.org/foo',
      'https://new.example.org/item?id=7', 'gopher://gopher.example.org/1/menu', 'http://tree.example.org/a', 'https://forms.example.org/a?x=1&y=2', 'http://skip.example.org/',
    ]);
    expect(linesOf(runCli(['-l', '--include', '*.txt', '--include', '*.eml', TREE]).stdout)).toEqual([`${TREE}/a-first.txt`, `${TREE}/b-mail.eml`]);
  });

  it('--exclude with a slash matches the path from the directory given', () => {
    expect(linesOf(runCli(['-l', '--exclude', 'spool/comp.test/*', '--exclude', '*.expected', TREE]).stdout)).toEqual([
      `${TREE}/Maildir/new/1577836900.M2P1.host`, SEEN, `${TREE}/a-first.txt`, `${TREE}/b-mail.eml`,
    ]);
  });
});

describe('colour', () => {
  it('--color always colours the file name, numbers, scheme and host', () => {
    expect(runCli(['--color', 'always', '-m', '1', NOTES]).stdout).toBe(
      '\x1b[35mcorpus/cli/notes.txt\x1b[0m\x1b[36m:\x1b[0m\x1b[32m2\x1b[0m\x1b[36m:\x1b[0m\x1b[32m9\x1b[0m\t\x1b[34mftp\x1b[0m://\x1b[1;31mftp.example.org\x1b[0m/pub/archive/file.tgz\n',
    );
  });

  it('auto does not colour a pipe, FORCE_COLOR does, NO_COLOR wins over nothing but --color always', () => {
    const run = (env: Record<string, string>, args: string[] = []): string =>
      spawnSync(process.execPath, [CLI, ...args, '-m', '1', NOTES], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env } }).stdout;
    const plain = `${NOTES}:2:9\tftp://ftp.example.org/pub/archive/file.tgz\n`;
    const clean = { ...process.env };
    delete clean.FORCE_COLOR;
    delete clean.NO_COLOR;
    expect(spawnSync(process.execPath, [CLI, '-m', '1', NOTES], { cwd: ROOT, encoding: 'utf8', env: clean }).stdout).toBe(plain);
    expect(run({ FORCE_COLOR: '1' })).toContain('\x1b[35m');
    expect(run({ NO_COLOR: '1' }, ['--color', 'always'])).toContain('\x1b[35m');
    expect(run({ FORCE_COLOR: '1' }, ['--color', 'never'])).toBe(plain);
  });
});

describe('error shape', () => {
  it.each([
    [['--format', 'yaml', NOTES], 'urlsift: --format: "yaml" is not a format; choose text, jsonl, json, csv\n'],
    [['--exclude-dir'], 'urlsift: --exclude-dir: needs a value (GLOB)\n'],
    [['--no-such-flag', NOTES], 'urlsift: --no-such-flag: unknown option\n'],
    [['-0', NOTES], 'urlsift: -0: unknown option\n'],
    [['-j', 'many', NOTES], 'urlsift: --jobs: expects a whole number from 1 to 256, not "many"\n'],
    [['-C', 'x', NOTES], 'urlsift: --context: expects a whole number, not "x"\n'],
    [['--match', '(', NOTES], 'urlsift: --match: not a JavaScript regular expression: /(/u: Unterminated group\n'],
    [['-c', '-l', NOTES], 'urlsift: --files-with-matches: cannot be combined with --count\n'],
    [['-o', '--format', 'csv', NOTES], 'urlsift: --only-urls: prints bare URLs and cannot be combined with --format csv\n'],
  ])('usage: urlsift %j', (args, message) => {
    const { code, stdout, stderr } = runCli(args);
    expect([code, stdout, stderr]).toEqual([2, '', message]);
  });

  it('I/O: urlsift: PATH: reason, one line each, other inputs still read', () => {
    const gz = join(temp, 'broken.gz');
    writeFileSync(gz, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const { code, stdout, stderr } = runCli(['corpus/cli/missing.txt', `${NOTES}/x`, gz, '--output', join(temp, 'no-dir', 'out.txt'), MBOX]);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(`urlsift: ${join(temp, 'no-dir', 'out.txt')}: No such file or directory\n`);
    const reads = runCli(['corpus/cli/missing.txt', `${NOTES}/x`, gz, MBOX]);
    expect(reads.code).toBe(2);
    expect(linesOf(reads.stderr)).toEqual(['urlsift: corpus/cli/missing.txt: No such file or directory', `urlsift: ${NOTES}/x: Not a directory`, `urlsift: ${gz}: not valid gzip data`]);
    expect(linesOf(reads.stdout)).toHaveLength(3);
  });

  it.skipIf(process.getuid?.() === 0)('I/O: a file without read permission is "Permission denied" (skipped as root, who may read it)', () => {
    const locked = join(temp, 'locked.txt');
    writeFileSync(locked, 'http://x.example/\n', { mode: 0o000 });
    expect(runCli([locked]).stderr).toBe(`urlsift: ${locked}: Permission denied\n`);
  });
});

describe('help, man page and completion', () => {
  it('--help groups the new flags', () => {
    const help = runCli(['--help']).stdout;
    const section = (title: string): string => help.slice(help.indexOf(`${title}:\n`)).split('\n\n')[0] as string;
    expect(section('Context')).toMatch(/-C, --context[\s\S]*-B, --before-context[\s\S]*-A, --after-context/);
    expect(section('Counting and listing')).toMatch(/-c, --count[\s\S]*-l, --files-with-matches[\s\S]*-L, --files-without-match[\s\S]*-q, --quiet[\s\S]*-m, --max-count/);
    expect(section('Filters')).toMatch(/--web[\s\S]*--host[\s\S]*--exclude-host[\s\S]*--match/);
    expect(section('Input')).toMatch(/--include[\s\S]*--exclude[\s\S]*--exclude-dir/);
    expect(section('Output')).toMatch(/--output[\s\S]*--color[\s\S]*-Z, --null/);
    expect(help).not.toContain('[string]');
  });

  it('urlsift.1 is built, and man renders it without warnings', () => {
    const page = join(ROOT, 'urlsift.1');
    expect(existsSync(page)).toBe(true);
    const roff = readFileSync(page, 'utf8');
    expect(roff.startsWith('.TH URLSIFT 1 ')).toBe(true);
    const man = spawnSync('man', ['-l', page], { encoding: 'utf8', env: { ...process.env, MANWIDTH: '100', MAN_KEEP_FORMATTING: '', MANROFFOPT: '-ww' } });
    if (man.error || man.status === null) {
      console.warn('[urlsift] man is not installed: urlsift.1 was checked for its header only');
      return;
    }
    expect(man.status).toBe(0);
    expect(man.stderr).toBe('');
    const text = man.stdout.replace(/.\x08/g, '');
    expect(text).toMatch(/^URLSIFT\(1\)/);
    expect(text).toMatch(/-C, --context NUM\n\s+show NUM lines around each match/);
    expect(text).toContain('-Z, --null');
    expect(text).toContain('EXIT STATUS');
  });

  it('the bash completion script completes --for<TAB> to --format', () => {
    const bash = spawnSync('bash', ['--version'], { encoding: 'utf8' });
    if (bash.error) {
      console.warn('[urlsift] bash is not installed: the completion script was not run');
      return;
    }
    const bin = join(temp, 'bin');
    rmSync(bin, { recursive: true, force: true });
    spawnSync('mkdir', ['-p', bin]);
    writeFileSync(join(bin, 'urlsift'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    const script = runCli(['completion'], '').stdout;
    expect(script).toContain('complete -o bashdefault -o default -F _urlsift_yargs_completions urlsift');
    const complete = (words: string): string =>
      spawnSync('bash', ['-c', `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _urlsift_yargs_completions; printf '%s\\n' "\${COMPREPLY[@]}"`], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, SHELL: '/bin/bash' },
      }).stdout;
    expect(complete('urlsift --for')).toBe('--format\n');
    expect(complete('urlsift --exclude-')).toBe('--exclude-host\n--exclude-dir\n');
  });
});
