// One job on "many machines": GNU parallel runs `urlsift --shard K/4` through its
// remote-login machinery on the local host (-S :), as the README's recipe does
// across hosts, over part of ../shared/corpus; `urlsift merge` then gives back byte
// for byte what one unsharded run prints, and the same --stats summary. Skipped,
// with a note, when GNU parallel or ../shared is absent (.ci/run installs parallel).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, linesOf, requireBuild, ROOT, SHARED_CORPUS } from './run-cli.js';

const haveParallel = /GNU parallel/.test(spawnSync('parallel', ['--version'], { encoding: 'utf8' }).stdout ?? '');
const haveCorpus = existsSync(join(SHARED_CORPUS, 'usenet'));
if (!haveParallel) console.warn('[urlsift] GNU parallel is not installed (Debian package "parallel"; .ci/run installs it): the many-machines test is skipped');
else if (!haveCorpus) console.warn(`[urlsift] ${SHARED_CORPUS} is absent: the many-machines test is skipped`);

const SHARDS = 4;
/** Small enough that the decompressed mailbox below is cut into several message ranges. */
const RANGE_BYTES = 64 * 1024;

let temp: string;
beforeAll(() => {
  requireBuild();
  temp = mkdtempSync(join(tmpdir(), 'urlsift-parallel-'));
});
afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/** A shell command line, run with stdout and stderr to files. */
function sh(command: string): { status: number | null; stderr: string } {
  const result = spawnSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, URLSIFT_RANGE_BYTES: String(RANGE_BYTES) } });
  return { status: result.status, stderr: result.stderr };
}

/** The --stats summary (the last line of a stderr file), without its time and shard. */
function summaryOf(path: string): Record<string, unknown> {
  const lines = linesOf(readFileSync(path, 'utf8'));
  const { seconds: _seconds, ...rest } = JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
  return rest;
}

describe.skipIf(!haveParallel || !haveCorpus)('GNU parallel runs four shards of one job', () => {
  it('merges back to the unsharded output and summary', () => {
    // A bounded part of the corpus (about 5 MB): two news groups, MIME fixtures, .gz
    // archives (whole units), and one archive decompressed: a plain mbox of 2 MB in the
    // middle of the job, cut into message ranges that fall to several shards.
    const archives = join(SHARED_CORPUS, 'pipermail', 'twisted-python');
    const plain = join(temp, 'twisted-2003-April.mbox');
    writeFileSync(plain, gunzipSync(readFileSync(join(archives, '2003-April.txt.gz'))));
    const inputs = [
      join(SHARED_CORPUS, 'usenet', 'mini_newsgroups', 'comp.graphics'),
      plain,
      join(SHARED_CORPUS, 'usenet', 'mini_newsgroups', 'sci.space'),
      join(SHARED_CORPUS, 'mime-fixtures', 'cpython-3.11-test_email-data'),
      join(SHARED_CORPUS, 'mime-fixtures', 'node-mbox'),
      ...['2003-August', '2003-December', '2003-February'].map((month) => join(archives, `${month}.txt.gz`)),
    ];
    const args = ['--format', 'jsonl', '--stats', '-j', '1', ...inputs].map(quote).join(' ');
    const node = quote(process.execPath);
    const cli = quote(CLI);

    const whole = sh(`${node} ${cli} ${args} > ${quote(join(temp, 'whole.jsonl'))} 2> ${quote(join(temp, 'whole.err'))}`);
    expect(whole.status, whole.stderr).toBe(0);

    // As across hosts: -S names the machines (":" is this one); every job gets the
    // range size through its command line, as a remote shell would need it.
    const job = `URLSIFT_RANGE_BYTES=${RANGE_BYTES} ${node} ${cli} --shard {}/${SHARDS} ${args} > ${quote(join(temp, 'shard-{}.jsonl'))} 2> ${quote(join(temp, 'shard-{}.err'))}`;
    const parallel = sh(`parallel --will-cite -S : -j 2 --halt now,fail=1 ${quote(job)} ::: ${Array.from({ length: SHARDS }, (_, i) => i + 1).join(' ')}`);
    expect(parallel.status, parallel.stderr).toBe(0);

    const shardFiles = Array.from({ length: SHARDS }, (_, i) => join(temp, `shard-${i + 1}`));
    // Every shard had work (the job is split by bytes), and the plain mbox's ranges went to several.
    const plainIn = shardFiles.filter((shard) => {
      const lines = linesOf(readFileSync(`${shard}.jsonl`, 'utf8'));
      expect(lines.length).toBeGreaterThan(0);
      return lines.some((line) => (JSON.parse(line) as { file: string }).file === plain);
    });
    expect(plainIn.length).toBeGreaterThan(1);
    const merged = join(temp, 'merged.jsonl');
    const merge = sh(`${node} ${cli} merge --stats ${shardFiles.map((shard) => `${quote(`${shard}.jsonl`)} ${quote(`${shard}.err`)}`).join(' ')} > ${quote(merged)} 2> ${quote(join(temp, 'merged.err'))}`);
    expect(merge.status, readFileSync(join(temp, 'merged.err'), 'utf8')).toBe(0);

    const expected = readFileSync(join(temp, 'whole.jsonl'));
    expect(readFileSync(merged).equals(expected), 'merged output differs from the unsharded run').toBe(true);
    expect(summaryOf(join(temp, 'merged.err'))).toEqual(summaryOf(join(temp, 'whole.err')));
  }, 300_000);
});
