// Runs the BUILT command as a user would (`node dist/cli.js ...`), for the end-to-end tests.
// `npm test` builds first; run `npm run build` before running these files alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root: commands run there, so paths in the output are relative to it. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built entry point. */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** `../shared/corpus` beside the checkout, when it is there. */
export const SHARED_CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Fails with a clear message when `dist/` has not been built. */
export function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first ("npm test" does)`);
}

/** Runs `urlsift args...` to completion; `input` goes to its standard input (empty when absent). */
export function runCli(args: readonly string[], input: string | Buffer = ''): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Like {@link runCli} but asynchronous, so several runs can share the machine's cores. */
export function runCliAsync(args: readonly string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** The lines of some output, without the empty string after the last line break. */
export function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
