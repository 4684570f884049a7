import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MAX_JOBS, parseCommandLine, type CliOptions } from '../../src/cli/options.js';

function options(args: string[]): CliOptions {
  const parsed = parseCommandLine(args);
  if (parsed.type !== 'run') throw new Error(`expected options, got ${JSON.stringify(parsed)}`);
  return parsed.options;
}

describe('parseCommandLine', () => {
  it('has the documented defaults', () => {
    expect(options([])).toEqual({
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
      jobs: Math.min(MAX_JOBS, availableParallelism()),
      progress: undefined,
      stats: false,
      exclude: [],
      follow: false,
    });
  });

  it('reads every option, short and long', () => {
    expect(
      options(['-u', '-s', 'HTTP,ftp', '-s', 'gopher', '--strict', '--emails', '--no-schemeless', '--fuzzy', '--punycode', '--no-headers', '--explain', '--redact', '-j', '3', '--no-progress', '--stats', '--input', 'mbox', '--exclude', '*.bak', '--follow', 'a', '-', '123']),
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
      follow: true,
    });
  });

  it('takes paths after repeatable options, and after --', () => {
    expect(options(['--exclude', '*.x', 'dir', '-s', 'http', 'file', '--', '--odd-name']).paths).toEqual(['dir', 'file', '--odd-name']);
  });

  it('maps -o to the bare-URL format and --format to its formatter', () => {
    expect(options(['-o']).format).toBe('urls');
    expect(options(['--only-urls', '--format', 'text']).format).toBe('urls');
    expect(options(['--format', 'csv']).format).toBe('csv');
  });

  it.each([
    [['--format', 'yaml'], /Invalid values/],
    [['--input', 'pdf'], /Invalid values/],
    [['--nope'], /Unknown argument: nope/],
    [['-o', '--format', 'json'], /cannot be combined with --format json/],
    [['-j', '0'], /--jobs expects a whole number from 1 to/],
    [['-j', String(MAX_JOBS + 1)], /--jobs expects/],
    [['-j', '1.5'], /--jobs expects/],
    [['-s', 'ht tp'], /is not a scheme name/],
    [['-s', '1abc'], /is not a scheme name/],
  ])('%j is a usage error', (args, message) => {
    const parsed = parseCommandLine(args);
    expect(parsed.type).toBe('usage-error');
    if (parsed.type === 'usage-error') expect(parsed.message).toMatch(message);
  });
});
