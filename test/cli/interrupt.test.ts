import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchEarlyInterrupt, endEarlyInterrupt } from '../../src/cli/interrupt.js';
import { CLI, requireBuild, ROOT } from './run-cli.js';

describe('catchEarlyInterrupt', () => {
  it('notes a SIGINT until endEarlyInterrupt, which says whether one came and stops listening', () => {
    const before = process.listenerCount('SIGINT');
    expect(endEarlyInterrupt()).toBe(false); // nothing listening
    catchEarlyInterrupt();
    catchEarlyInterrupt(); // one listener, however many calls
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    expect(endEarlyInterrupt()).toBe(false);
    expect(process.listenerCount('SIGINT')).toBe(before);
    catchEarlyInterrupt();
    // Its own listener (the last one added) is called, as Node calls it on a signal; not the
    // others of the test runner's process.
    (process.listeners('SIGINT').at(-1) as () => void)();
    expect(endEarlyInterrupt()).toBe(true);
    expect(process.listenerCount('SIGINT')).toBe(before);
    expect(endEarlyInterrupt()).toBe(false);
  });
});

/**
 * A SIGINT while the command is still loading. Preloaded into the command's process: at the
 * first SIGINT listener, the event is raised as soon as the code that added the listener has
 * run (an event of the process, as Node raises a signal's, at a point that does not depend on
 * timing). With the entry listening from its first line, that is before the command's own
 * handler is set, before its options are read and before the report has started.
 */
const SIGINT_AT_FIRST_LISTENER =
  'data:text/javascript,let raised=false;process.on("newListener",(name)=>{if(name==="SIGINT"&&!raised){raised=true;queueMicrotask(()=>process.emit("SIGINT"))}})';

function runInterrupted(args: readonly string[]): { code: number | null; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', SIGINT_AT_FIRST_LISTENER, CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout };
}

describe('Ctrl-C during start-up', () => {
  let dir = '';
  beforeAll(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'urlsift-interrupt-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ends with 130 and well-formed output (the JSON array opened and closed), not killed by the signal', () => {
    const { code, stdout } = runInterrupted(['--format', 'json', 'corpus/mail/multipart-html.eml']);
    expect(code).toBe(130);
    expect(stdout).toBe('[\n]\n');
  });

  it('with --output, leaves neither the file nor its temporary file', () => {
    const { code } = runInterrupted(['--format', 'json', '--output', join(dir, 'out.json'), 'corpus/mail/multipart-html.eml']);
    expect(code).toBe(130);
    expect(readdirSync(dir)).toEqual([]);
  });
});
