import { describe, expect, it } from 'vitest';
import { defaultJobs, MAX_JOBS, parseCommandLine, type CliOptions } from '../../src/cli/options.js';

async function options(args: string[]): Promise<CliOptions> {
  const parsed = await parseCommandLine(args);
  if (parsed.type !== 'run') throw new Error(`expected options, got ${JSON.stringify(parsed)}`);
  return parsed.options;
}

describe('parseCommandLine', () => {
  it('has the documented defaults', async () => {
    expect((await options([]))).toEqual({
      paths: [],
      format: 'text',
      input: 'auto',
      schemes: [],
      unique: false,
      strict: false,
      emails: false,
      schemeless: true,
      fuzzy: false,
      punycode: false,
      headers: true,
      explain: false,
      redact: false,
      jobs: defaultJobs(),
      progress: undefined,
      stats: false,
      exclude: [],
      include: [],
      excludeDir: [],
      hosts: [],
      excludeHosts: [],
      match: undefined,
      before: undefined,
      after: undefined,
      list: 'records',
      maxCount: undefined,
      nul: false,
      output: undefined,
      color: 'auto',
      follow: false,
    });
  });

  it('reads every option, short and long', async () => {
    expect(
      (await options(['-u', '-s', 'HTTP,ftp', '-s', 'gopher', '--strict', '--emails', '--no-schemeless', '--fuzzy', '--punycode', '--no-headers', '--explain', '--redact', '-j', '3', '--no-progress', '--stats', '--input', 'mbox', '--exclude', '*.bak', '--follow', 'a', '-', '123'])),
    ).toEqual({
      paths: ['a', '-', '123'],
      format: 'text',
      input: 'mbox',
      schemes: ['http', 'ftp', 'gopher'],
      unique: true,
      strict: true,
      emails: true,
      schemeless: false,
      fuzzy: true,
      punycode: true,
      headers: false,
      explain: true,
      redact: true,
      jobs: 3,
      progress: false,
      stats: true,
      exclude: ['*.bak'],
      include: [],
      excludeDir: [],
      hosts: [],
      excludeHosts: [],
      match: undefined,
      before: undefined,
      after: undefined,
      list: 'records',
      maxCount: undefined,
      nul: false,
      output: undefined,
      color: 'auto',
      follow: true,
    });
  });

  it('takes paths after repeatable options, and after --', async () => {
    expect((await options(['--exclude', '*.x', 'dir', '-s', 'http', 'file', '--', '--odd-name'])).paths).toEqual(['dir', 'file', '--odd-name']);
  });

  it('reads --shard K/N, and leaves it out without the flag', async () => {
    expect((await options(['--shard', '2/8', 'dir'])).shard).toEqual({ index: 2, count: 8 });
    expect((await options(['dir'])).shard).toBeUndefined();
  });

  it('reads the grep-style options', async () => {
    const o = (await options(['-C', '2', '-A', '5', '-c', '-m', '3', '-Z', '--output', 'out.txt', '--color', 'never', '--host', '*.a.example', '--exclude-host', 'b.example', '--match', '^https:', '--include', '*.eml', '--exclude-dir', '.Trash', '--web', '-s', 'gopher']));
    expect(o).toMatchObject({
      before: 2, after: 5, list: 'count', maxCount: 3, nul: true, output: 'out.txt', color: 'never',
      hosts: ['*.a.example'], excludeHosts: ['b.example'], match: '^https:', include: ['*.eml'], excludeDir: ['.Trash'],
      schemes: ['gopher', 'http', 'https', 'ftp'],
    });
    expect((await options(['-l'])).list).toBe('files-with-matches');
    expect((await options(['-L'])).list).toBe('files-without-match');
    expect((await options(['-q'])).list).toBe('quiet');
  });

  it('maps -o to the bare-URL format and --format to its formatter', async () => {
    expect((await options(['-o'])).format).toBe('urls');
    expect((await options(['--only-urls', '--format', 'text'])).format).toBe('urls');
    expect((await options(['--format', 'csv'])).format).toBe('csv');
  });

  it.each([
    [['--format', 'yaml'], /^--format: "yaml" is not a format/],
    [['--input', 'pdf'], /^--input: "pdf" is not an input kind/],
    [['--color', 'sometimes'], /^--color: "sometimes" is not one of auto, always, never$/],
    [['--nope'], /^--nope: unknown option$/],
    [['--no-nope'], /^--no-nope: unknown option$/],
    [['-0'], /^-0: unknown option$/],
    [['-o', '--format', 'json'], /^--only-urls: .*cannot be combined with --format json/],
    [['-j', '0'], /^--jobs: expects a whole number from 1 to/],
    [['-j', String(MAX_JOBS + 1)], /^--jobs: expects/],
    [['-j', '1.5'], /^--jobs: expects/],
    [['-m', '-1'], /^-1: unknown option$/],
    [['-A', '1e3'], /^--after-context: expects a whole number/],
    [['-s', 'ht tp'], /^--scheme: .*is not a scheme name/],
    [['-s', '1abc'], /^--scheme: .*is not a scheme name/],
    [['--shard', '0/4', 'dir'], /^--shard: expects K\/N with 1 <= K <= N/],
    [['--shard', '5/4', 'dir'], /not "5\/4"/],
    [['--shard', '1/2'], /^--shard: needs files or directories/],
    [['--shard', '1/2', 'dir', '-'], /each machine has its own standard input/],
    [['--match', '['], /^--match: not a JavaScript regular expression/],
    [['-l', '-q'], /^--quiet: cannot be combined with --files-with-matches$/],
  ])('%j is a usage error', async (args, message) => {
    const parsed = await parseCommandLine(args);
    expect(parsed.type).toBe('usage-error');
    if (parsed.type === 'usage-error') expect(parsed.message).toMatch(message);
  });
});

describe('defaultJobs', () => {
  it('leaves one core to V8 helper threads, scans with at least one and at most MAX_JOBS', () => {
    expect([1, 2, 3, 4, 8].map((cores) => defaultJobs(cores))).toEqual([1, 1, 2, 3, 7]);
    expect(defaultJobs(MAX_JOBS + 10)).toBe(MAX_JOBS);
  });
});
