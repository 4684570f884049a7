import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/cli/formats.js';
import type { Output } from '../../src/cli/output.js';
import { startReport } from '../../src/cli/report.js';
import { createStats } from '../../src/cli/stats.js';
import type { Batch } from '../../src/cli/unit.js';

/** An output that remembers what went where, in order. */
function recordingOutput(): { output: Output; log: string[]; stdout: () => string } {
  const log: string[] = [];
  let pending = '';
  const flush = (): undefined => {
    if (pending !== '') log.push(`out:${pending}`);
    pending = '';
    return undefined;
  };
  return {
    log,
    stdout: () => log.filter((entry) => entry.startsWith('out:')).map((entry) => entry.slice(4)).join('') + pending,
    output: {
      print: (text) => {
        pending += text;
        return undefined;
      },
      flush,
      flushNow: (last) => {
        pending += last;
        flush();
      },
      complain: async (line) => {
        flush();
        log.push(`err:${line}`);
      },
    },
  };
}

/** A batch of records as a worker formats them: each text starts with the separator. */
function batchOf(texts: string[], extra: Partial<Batch> = {}): Batch {
  const ends: number[] = [];
  let at = 0;
  for (const text of texts) ends.push((at += text.length));
  return { out: texts.join(''), count: texts.length, ends, ...extra };
}

describe('startReport', () => {
  it('writes a JSON array: header, separators between records only, footer', async () => {
    const { output, stdout } = recordingOutput();
    const report = await startReport(FORMATS.json, output, createStats());
    await report.deliver({ type: 'batch', seq: 0, batch: batchOf([',\n{"a":1}', ',\n{"a":2}']), size: 0 }, undefined);
    await report.deliver({ type: 'batch', seq: 1, batch: batchOf([',\n{"a":3}']), size: 0 }, undefined);
    await report.finish();
    expect(JSON.parse(stdout())).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(report.printed).toBe(3);
  });

  it('keeps the first of each normalised URL across batches with --unique', async () => {
    const { output, stdout } = recordingOutput();
    const stats = createStats();
    const report = await startReport(FORMATS.urls, output, stats);
    const batch = (texts: string[], keys: string[]): Batch => batchOf(texts, { keys, schemes: keys.map(() => 'http'), hosts: keys.map(() => 'h') });
    await report.deliver({ type: 'batch', seq: 0, batch: batch(['A\n', 'B\n', 'a\n'], ['a', 'b', 'a']), size: 0 }, undefined);
    await report.deliver({ type: 'batch', seq: 1, batch: batch(['b\n', 'C\n'], ['b', 'c']), size: 0 }, undefined);
    await report.finish();
    expect(stdout()).toBe('A\nB\nC\n');
    expect(stats.matches).toBe(3);
  });

  it('puts stderr lines in their place among the records, and counts errors; an unreadable input is trouble', async () => {
    const { output, log } = recordingOutput();
    const stats = createStats();
    const report = await startReport(FORMATS.urls, output, stats);
    const batch = batchOf(['one\n', 'two\n'], {
      stderr: [
        { before: 0, text: 'rejected first', error: false, io: false },
        { before: 1, text: 'bad charset', error: true, io: false },
        { before: 2, text: 'cannot read', error: true, io: true },
      ],
    });
    await report.deliver({ type: 'batch', seq: 0, batch, size: 0 }, undefined);
    expect(log).toEqual(['err:rejected first', 'out:one\n', 'err:bad charset', 'out:two\n', 'err:cannot read']);
    expect(stats.errors).toBe(2);
    expect(report.trouble).toBe(true);
  });

  it('counts files, messages and bytes when units are done, and a path that cannot be read as trouble', async () => {
    const { output, log } = recordingOutput();
    const stats = createStats();
    const report = await startReport(FORMATS.text, output, stats);
    const unit = { seq: 0, path: 'a.mbox', kind: 'auto' as const, bytes: 10, newFile: true };
    await report.deliver({ type: 'done', seq: 0, messages: 3, bytes: 10 }, unit);
    await report.deliver({ type: 'done', seq: 1, messages: 2, bytes: 5 }, { ...unit, seq: 1, newFile: false });
    expect(report.trouble).toBe(false);
    await report.deliver({ type: 'problem', seq: 2, text: 'urlsift: gone: No such file or directory' }, undefined);
    expect(stats).toMatchObject({ files: 1, messages: 5, bytes: 15, errors: 1 });
    expect(log).toEqual(['err:urlsift: gone: No such file or directory']);
    expect(report.trouble).toBe(true);
  });

  // Issue 12: SIGINT is handled only after a long synchronous scan, by which time the run
  // may have finished: the footer was queued (and written) by finish, and interrupt wrote
  // the closing ']' a second time.
  describe('interrupted (SIGINT) with --format json', () => {
    const records = [',\n{"a":1}', ',\n{"a":2}', ',\n{"a":3}'];
    const start = async (): Promise<{ report: Awaited<ReturnType<typeof startReport>>; stdout: () => string }> => {
      const { output, stdout } = recordingOutput();
      const report = await startReport(FORMATS.json, output, createStats());
      await report.deliver({ type: 'batch', seq: 0, batch: batchOf(records.slice(0, 2)), size: 0 }, undefined);
      await report.deliver({ type: 'batch', seq: 1, batch: batchOf(records.slice(2)), size: 0 }, undefined);
      return { report, stdout };
    };

    it('after finish: the output is the finished run, the footer written once', async () => {
      const { report, stdout } = await start();
      await report.finish();
      report.interrupt();
      expect(stdout()).toBe('[\n{"a":1},\n{"a":2},\n{"a":3}\n]\n');
      expect(JSON.parse(stdout())).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    });

    it('while finish is under way: the footer written once', async () => {
      const { report, stdout } = await start();
      const finishing = report.finish();
      report.interrupt();
      await finishing;
      expect(JSON.parse(stdout())).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    });

    it('before finish: the whole records so far, the array closed', async () => {
      const { report, stdout } = await start();
      report.interrupt();
      expect(JSON.parse(stdout())).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    });
  });
});
