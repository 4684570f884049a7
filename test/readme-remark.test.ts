// The README's remark example, run as a reader would: its package.json, its install line and its
// files copied into an empty folder, urlsift installed from `npm pack` of this checkout, then
// `node example.js`, whose output must be the README's. It needs the npm registry and about a
// minute, so it runs in CI (the CI variable every CI sets, or URLSIFT_PACK_TEST=1 by hand); otherwise it is
// skipped with a message.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli/run-cli.js';

const enabled = process.env.URLSIFT_PACK_TEST === '1' || Boolean(process.env.CI);
if (!enabled) console.warn('[urlsift] neither CI nor URLSIFT_PACK_TEST=1 is set: the README remark example (npm pack, npm install from the registry) is skipped');

/** The fenced blocks of the README's remark section, in order, with their languages. */
function remarkSectionBlocks(): Array<{ lang: string; text: string }> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## remark plugin and HTML for plain-text mail');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 5));
  return [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1] ?? '', text: m[2] ?? '' }));
}

describe.skipIf(!enabled)('the README remark example', () => {
  it('runs in an empty folder with the README install line and prints the README output', () => {
    const blocks = remarkSectionBlocks();
    const pick = (lang: string, n = 0): string => {
      const found = blocks.filter((block) => block.lang === lang)[n];
      if (!found) throw new Error(`the README's remark section has no ${lang} block #${n}`);
      return found.text;
    };
    const dir = mkdtempSync(join(tmpdir(), 'urlsift-readme-'));
    try {
      writeFileSync(join(dir, 'package.json'), pick('json'));
      writeFileSync(join(dir, 'example.md'), pick('markdown'));
      writeFileSync(join(dir, 'example.js'), pick('js'));
      const pack = spawnSync('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
      expect(pack.status, pack.stderr).toBe(0);
      const tarball = join(dir, pack.stdout.trim().split('\n').pop() as string);
      // The README's install line, with urlsift taken from this checkout's tarball.
      const install = pick('sh').trim();
      expect(install).toMatch(/^npm install urlsift( [\w-]+)+$/);
      const args = install.split(' ').slice(2).map((name) => (name === 'urlsift' ? tarball : name));
      const installed = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...args], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
      expect(installed.status, installed.stderr).toBe(0);
      const run = spawnSync(process.execPath, ['example.js'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe(pick('text'));
      expect(run.stdout).toBe(pick('html'));
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
