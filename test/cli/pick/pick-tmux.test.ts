// End-to-end tests of `urlsift pick`: the BUILT program in a real terminal. tmux runs it,
// send-keys types, capture-pane reads the screen. Each test has its own tmux server and
// waits by polling the screen, never longer than WAIT_MS.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild, ROOT, runCli } from '../run-cli.js';

const HAVE_TMUX = spawnSync('tmux', ['-V']).status === 0;
if (!HAVE_TMUX) console.warn('[urlsift] tmux is absent (Debian package tmux; .ci/run installs it): the urlsift pick terminal tests are skipped');

/** The longest wait for the screen to show something: generous, for a loaded 2-core machine. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
const RECORDER = fileURLToPath(new URL('./record-argument.mjs', import.meta.url));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** One tmux server with one 100x30 window running `command` (through sh), then `EXIT=<code>` and the terminal's mode. */
class Terminal {
  private readonly socket = `urlsift-pick-${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(command: string) {
    const script = `cd ${quote(ROOT)} && ${command}; echo "EXIT=$?"; stty -a | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo'; sleep 60`;
    // set-clipboard on: tmux keeps what a program copies with OSC 52 as a paste buffer.
    this.tmux('-f', '/dev/null', 'new-session', '-d', '-x', '100', '-y', '30', '-e', 'LANG=C.UTF-8', '-e', 'LC_ALL=', '-e', 'TERM=tmux-256color', 'sh', '-c', script, ';', 'set', '-s', 'set-clipboard', 'on');
  }

  tmux(...args: string[]): string {
    const result = spawnSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
    return result.stdout;
  }

  screen(): string {
    return this.tmux('capture-pane', '-p');
  }

  keys(...keys: string[]): void {
    this.tmux('send-keys', ...keys);
  }

  /** Polls the screen until `test` holds; fails with the last screen after {@link WAIT_MS}. */
  async waitFor(test: (screen: string) => boolean, what: string): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    let screen = '';
    while (Date.now() < deadline) {
      screen = this.screen();
      if (test(screen)) return screen;
      await sleep(POLL_MS);
    }
    throw new Error(`the screen never showed ${what}; it showed:\n${screen}`);
  }

  close(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }
}

const APPENDIX = [
  'ftp://info.cern.ch/pub/www/doc;type=d',
  'ftp://ds.internic.net/rfc',
  'http://ds.internic.net/instructions/overview.html#WARNING',
];

/** The URL rows of the screen (a number, then the URL), in screen order. */
const urlRows = (screen: string): string[] => screen.split('\n').flatMap((line) => /^.\s*\d+ (\S+)\s*$/u.exec(line)?.[1] ?? []);

/** Whether the screen lists exactly `urls`: a frame can be caught half drawn, so tests wait for the whole of it. */
const lists = (screen: string, urls: readonly string[]): boolean => urlRows(screen).join('\n') === urls.join('\n');

describe.skipIf(!HAVE_TMUX)('urlsift pick in tmux', () => {
  let dir: string;
  beforeAll(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'urlsift-pick-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shows the Appendix example\'s three URLs, filters as you type, copies, and q exits 0 with the terminal restored', async () => {
    const term = new Terminal(`node ${quote(CLI)} pick corpus/scan/appendix-rfc-layout.txt`);
    try {
      let screen = await term.waitFor((s) => s.includes('3 URLs') && lists(s, APPENDIX), 'the list of 3 URLs');
      expect(screen).toContain('<URL:ftp://info.cern.ch/pub/www/doc;'); // its context line
      expect(term.tmux('display', '-p', '#{alternate_on}').trim()).toBe('1');

      term.keys('/', 'i', 'n', 't', 'e', 'r', 'n', 'i', 'c');
      screen = await term.waitFor((s) => s.includes('2 of 3 URLs match "internic"') && lists(s, APPENDIX.slice(1)), 'the filtered list');
      expect(screen).not.toContain('info.cern.ch');
      term.keys('Escape');
      await term.waitFor((s) => s.includes(' 3 URLs ') && lists(s, APPENDIX), 'the whole list again');

      term.keys('j', 'j', 'c');
      await term.waitFor((s) => s.includes(`copied ${APPENDIX[2]}`), 'the copy');
      expect(term.tmux('show-buffer')).toBe(APPENDIX[2]);

      term.keys('q');
      // stty prints the terminal's modes after the exit code: wait for both.
      screen = await term.waitFor((s) => s.includes('EXIT=') && /^-?echo$/m.test(s), 'the exit code and the terminal modes');
      expect(screen).toMatch(/^EXIT=0$/m);
      // Back on the normal screen, in cooked mode with echo, and the cursor shown.
      expect(screen).not.toContain('info.cern.ch');
      expect(screen).toMatch(/^icanon$/m);
      expect(screen).toMatch(/^echo$/m);
      expect(term.tmux('display', '-p', '#{alternate_on} #{cursor_flag}').trim()).toBe('0 1');
    } finally {
      term.close();
    }
  });

  it('reads a piped message, uses the terminal for keys and screen, asks before a password, and Enter hands the URL to --run as one argument', async () => {
    const out = join(dir, 'opened');
    const stdout = join(dir, 'stdout');
    const run = `${quote(process.execPath)} ${quote(RECORDER)} ${quote(out)}`;
    const message = 'Log in at <URL:ftp://me:secret@ftp.example.org/pub/> or read\n<URL:http://ds.internic.net/rfc/\n rfc1738.txt> first.\n';
    // Standard input is the message and standard output a file, as from a mail reader's pipe: both sides go through /dev/tty.
    const term = new Terminal(`printf ${quote(message)} | node ${quote(CLI)} pick --single --run ${quote(run)} > ${quote(stdout)}`);
    try {
      await term.waitFor((s) => s.includes('2 URLs') && s.includes('Enter open'), 'the list');
      term.keys('Enter');
      await term.waitFor((s) => s.includes('Open it? it carries a password'), 'the question');
      term.keys('n');
      await term.waitFor((s) => s.includes('not opened'), 'the refusal');
      expect(existsSync(out)).toBe(false);
      term.keys('j', 'Enter');
      const screen = await term.waitFor((s) => s.includes('EXIT='), 'the exit code');
      expect(screen).toMatch(/^EXIT=0$/m);
      expect(readFileSync(out, 'utf8')).toBe('http://ds.internic.net/rfc/rfc1738.txt');
      expect(readFileSync(stdout, 'utf8')).toBe('');
    } finally {
      term.close();
    }
  });

  it('shows both readings of a URL hyphenated at a line break', async () => {
    const term = new Terminal(`node ${quote(CLI)} pick corpus/scan/hyphen-break.txt`);
    try {
      const screen = await term.waitFor((s) => s.includes('3 URLs') && s.includes('Enter open') && /reading 1 of 2/.test(s), 'the list');
      expect(screen).toMatch(/^.\s*2 http:\/\/www\.w3\.org\/TR\/REC-xml-names\s*$/m);
      expect(screen).toMatch(/^\s+http:\/\/www\.w3\.org\/TR\/RECxml-names\s*$/m);
      term.keys('q');
      await term.waitFor((s) => s.includes('EXIT=0'), 'exit code 0');
    } finally {
      term.close();
    }
  });
});

describe('urlsift pick without a URL', () => {
  beforeAll(requireBuild);

  it('exits 1 with a message, as grep does, before it needs a terminal', () => {
    const result = runCli(['pick', 'corpus/cli/none.txt']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('urlsift pick: no URL found in corpus/cli/none.txt\n');
  });

  it('exits 2 for an unknown option', () => {
    const result = runCli(['pick', '--no-such-option', 'corpus/cli/none.txt']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^urlsift pick: Unknown argument/);
  });
});
