import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPTION_TABLE as COMMAND_OPTIONS, parseCommandLine } from '../../src/cli/options.js';
import { parsePickLine, PICK_OPTIONS } from '../../src/cli/pick/options.js';
import { readSwitches, type OptionTable } from '../../src/cli/switches.js';
import { fuzzRuns } from '../fuzz-runs.js';

/** Every way to write a switch or a one-value option of `table`, values, a few that only yargs reads, and paths. */
function tokensOf(table: OptionTable): string[] {
  const tokens = ['a.eml', 'box.mbox', '-', '', '123', 'true', 'false', '--', '-h', '--help', '--nope', '-x', '--format', 'csv', '--run', 'echo'];
  // Values for the options that take one: as they are, numbers, with `=` or a leading `-` in them.
  tokens.push('jsonl', 'text', '2', '0', 'a=b', '-1', 'never', 'x.txt');
  for (const [name, option] of Object.entries(table)) {
    if (option.requiresArg === true) {
      tokens.push(`--${name}`, `--${name}=csv`, `--${name}=`, `--${name}=-x`);
      if (typeof option.alias === 'string') tokens.push(option.alias.length === 1 ? `-${option.alias}` : `--${option.alias}`, `-${option.alias}2`);
      continue;
    }
    if (option.type !== 'boolean') continue;
    tokens.push(`--${name}`, `--no-${name}`, `--${name}=false`);
    if (typeof option.alias === 'string') tokens.push(option.alias.length === 1 ? `-${option.alias}` : `--${option.alias}`);
  }
  tokens.push('-ou', '--onlyUrls');
  return tokens;
}

describe('readSwitches', () => {
  it('reads the command lines a mail reader runs, and leaves the rest to yargs', () => {
    expect(readSwitches(['-o'], COMMAND_OPTIONS)).toMatchObject({ _: [], 'only-urls': true, headers: true });
    expect(readSwitches(['-o', '-u', '-'], COMMAND_OPTIONS)).toMatchObject({ _: ['-'], 'only-urls': true, unique: true });
    expect(readSwitches(['--no-headers', '--headers', 'a.eml'], COMMAND_OPTIONS)).toMatchObject({ _: ['a.eml'], headers: true });
    expect(readSwitches([], PICK_OPTIONS)).toMatchObject({ _: [], dedupe: true, input: 'auto' });
    expect(readSwitches(['--format', 'jsonl', 'box.mbox'], COMMAND_OPTIONS)).toMatchObject({ _: ['box.mbox'], format: 'jsonl' });
    expect(readSwitches(['--format=csv', '-j', '2', '-o'], COMMAND_OPTIONS)).toMatchObject({ _: [], format: 'csv', jobs: '2', 'only-urls': true });
    for (const other of [['-ou'], ['--help'], ['-V'], ['--format'], ['--format', 'csv', '--format', 'text'], ['--format='], ['-j', '-2'], ['-j2'], ['-s', 'http'], ['--', 'x'], ['--only-urls=true'], ['--nope'], [''], ['-o', 'true'], ['--match', 'false']]) {
      expect(readSwitches(other, COMMAND_OPTIONS), JSON.stringify(other)).toBeUndefined();
    }
  });

  it('leaves `urlsift completion` to yargs, which prints the script', async () => {
    const log = console.log;
    let printed = '';
    console.log = (text: unknown) => {
      printed += String(text);
    };
    try {
      expect(await parseCommandLine(['completion'])).toEqual({ type: 'exit', code: 0 });
    } finally {
      console.log = log;
    }
    expect(printed).toContain('_urlsift_yargs_completions');
  });

  it('reads a command line as yargs does, whenever it reads one (urlsift)', async () => {
    const tokens = tokensOf(COMMAND_OPTIONS);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...tokens), { maxLength: 6 }), async (args) => {
        fc.pre(readSwitches(args, COMMAND_OPTIONS) !== undefined);
        expect(await parseCommandLine(args)).toEqual(await parseCommandLine(args, true));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('reads a command line as yargs does, whenever it reads one (urlsift pick)', async () => {
    const tokens = tokensOf(PICK_OPTIONS);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...tokens), { maxLength: 6 }), async (args) => {
        fc.pre(readSwitches(args, PICK_OPTIONS) !== undefined);
        expect(await parsePickLine(args)).toEqual(await parsePickLine(args, true));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
