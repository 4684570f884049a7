// The playground in a real browser: headless Chromium (Debian package `chromium`, which
// .ci/run installs) driven by puppeteer-core loads the built page from a loopback HTTP
// server, types the RFC 1738 Appendix example, checks what is highlighted and linked,
// toggles options, and saves a screenshot to test/artifacts/. The same run imports the
// browser bundles of urlsift and urlsift/remark in the page and compares their output
// with Node's on corpus/scan and corpus/markdown.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleSource, buildPlayground } from '../../playground/build.js';
import { APPENDIX_EXAMPLE, SAMPLE_MAIL } from '../../playground/sample.js';
import * as core from '../../src/core.js';
import { createRegistry, findUrls, parseUrl, type FindUrlsOptions, type LinkifyTextOptions, type SchemeParser } from '../../src/index.js';
import remarkUrlsift from '../../src/remark.js';

// The callbacks handed to page.evaluate run in Chromium. This file is compiled without the
// DOM library (the project's code must not lean on it), so the few DOM names they use are
// declared here, only as far as they are used.
interface PageElement {
  dataset: Record<string, string | undefined>;
  value: string;
}
declare const document: {
  body: PageElement;
  getElementById(id: string): PageElement | null;
  querySelectorAll(selector: string): { length: number };
};

/** Chromium named by CHROMIUM_PATH, else Debian's; the test skips without one. */
const CHROMIUM = (process.env.CHROMIUM_PATH !== undefined ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser']).find(
  (path) => path !== '' && existsSync(path),
);
const SKIP_REASON = CHROMIUM
  ? ''
  : ' (skipped: no chromium found; install the Debian package `chromium` as .ci/run does, or set CHROMIUM_PATH)';

/** Flags that work on a shared CI machine as root; nothing reaches the network. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ARTIFACTS = join(ROOT, 'test', 'artifacts');

/** The three URLs of RFC 1738's Appendix example, as the Appendix says to read them. */
const APPENDIX_URLS = [
  'ftp://info.cern.ch/pub/www/doc;type=d',
  'ftp://ds.internic.net/rfc',
  'http://ds.internic.net/instructions/overview.html#WARNING',
];

/** At least this much text is pasted to check the page copes with a big message. */
const PASTE_SIZE = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

/** A static file server for `root` on 127.0.0.1 only. */
function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname));
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What the page shows once it has rendered the text now in the text area. */
async function waitForResults(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const body = document.body;
      const status = document.getElementById('status');
      const input = document.getElementById('input');
      return body.dataset.state === 'ready' && status?.dataset.length === String(input?.value.length);
    },
    { timeout: 60_000 },
  );
}

async function highlightedMarks(page: Page): Promise<{ url: string; text: string }[]> {
  return page.$$eval('#highlighted mark.match', (marks) => marks.map((mark) => ({ url: mark.dataset.url ?? '', text: mark.textContent ?? '' })));
}

async function linkedAnchors(page: Page): Promise<{ href: string; text: string }[]> {
  return page.$$eval('#linkified a', (anchors) => anchors.map((anchor) => ({ href: anchor.getAttribute('href') ?? '', text: anchor.textContent ?? '' })));
}

/** Replaces the text area's content by typing, as a user would. */
async function typeText(page: Page, text: string): Promise<void> {
  await page.focus('#input');
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.type('#input', text);
}

function optionsOf(goldFile: string): FindUrlsOptions {
  const line = readFileSync(goldFile, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('options:'));
  const options: FindUrlsOptions = {};
  for (const word of line?.slice(8).trim().split(/ +/) ?? []) {
    if (word === 'emails') options.emails = true;
    else if (word === 'no-schemeless') options.schemeless = false;
    else if (word === 'strict') options.strict = true;
  }
  return options;
}

interface MarkdownConfig {
  gfm?: boolean;
  options?: Omit<LinkifyTextOptions, 'registry'>;
  acceptSchemes?: string[];
}

const acceptAnything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });

/** The in-page harness (in-page.js) as the page's global. */
interface InPage {
  urlsiftInPage: {
    scanCases(cases: unknown): string;
    parseCases(urls: string[]): string;
    markdownCases(cases: unknown): Promise<string>;
    exported: string[];
  };
}

describe.skipIf(!CHROMIUM)(`the playground in headless Chromium${SKIP_REASON}`, () => {
  let outdir: string;
  let profile: string;
  let server: Server;
  let origin: string;
  let browser: Browser;
  let page: Page;
  /** Page errors, console errors and failed requests of the current test. */
  let problems: string[] = [];

  beforeAll(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'urlsift-playground-'));
    profile = mkdtempSync(join(tmpdir(), 'urlsift-chromium-'));
    await buildPlayground(outdir);
    // For the comparison only: unified and the remark packages the corpus cases use, bundled for the browser.
    const markdown = await bundleSource(
      "export { unified } from 'unified'; export { default as remarkParse } from 'remark-parse'; " +
        "export { default as remarkGfm } from 'remark-gfm'; export { default as remarkStringify } from 'remark-stringify';",
    );
    writeFileSync(join(outdir, 'test-markdown.js'), markdown);
    writeFileSync(join(outdir, 'in-page.js'), readFileSync(new URL('in-page.js', import.meta.url)));
    server = await serve(outdir);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, userDataDir: profile, args: CHROMIUM_FLAGS });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    for (const dir of [outdir, profile]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function openPage(url: string): Promise<Page> {
    problems = [];
    page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    page.on('pageerror', (error) => problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await page.goto(url);
    return page;
  }

  afterEach(async () => {
    await page?.close();
    expect(problems, 'no page errors, console errors or failed requests').toEqual([]);
  });

  it('highlights and links the Appendix example as typed, and follows the toggles', async () => {
    await openPage(`${origin}/index.html`);
    await waitForResults(page);
    expect(await page.$eval('#status', (status) => status.dataset.engine)).toBe('worker');

    // The sample mail, as Node reads it: every match highlighted, every rejection listed.
    const rejected: string[] = [];
    const sampleMatches = findUrls(SAMPLE_MAIL, { onReject: (candidate) => rejected.push(candidate.reason) });
    expect(await page.$eval('#input', (input) => (input as unknown as PageElement).value)).toBe(SAMPLE_MAIL);
    expect((await highlightedMarks(page)).map((mark) => mark.url)).toEqual(sampleMatches.map((match) => match.url));
    expect(await page.$$eval('#reject-rows td.reason', (cells) => cells.map((cell) => cell.textContent))).toEqual(rejected);

    // The hyphen policy: the Appendix keeps a hyphen at a line break; `drop` links the other reading.
    const hyphenated = async () => (await linkedAnchors(page)).find((anchor) => anchor.text.includes('talks/url-'))?.href;
    expect(await hyphenated()).toBe('http://www.example.com/talks/url-in-context.html');
    await page.select('#hyphen', 'drop');
    await waitForResults(page);
    expect(await hyphenated()).toBe('http://www.example.com/talks/urlin-context.html');
    await page.select('#hyphen', 'keep');

    // Typed by hand: the three wrapped URLs, highlighted in place and linked.
    await typeText(page, APPENDIX_EXAMPLE);
    await waitForResults(page);
    const wrappers = [...APPENDIX_EXAMPLE.matchAll(/<URL:[^>]*>/g)].map((found) => found[0]);
    expect(wrappers).toHaveLength(3);
    expect(await highlightedMarks(page)).toEqual(APPENDIX_URLS.map((url, index) => ({ url, text: wrappers[index] })));
    expect(await page.$eval('#highlighted', (pre) => pre.textContent)).toBe(APPENDIX_EXAMPLE);
    expect(await linkedAnchors(page)).toEqual(APPENDIX_URLS.map((href, index) => ({ href, text: wrappers[index] })));
    expect(await page.$$eval('#match-rows td.url', (cells) => cells.map((cell) => cell.textContent))).toEqual(APPENDIX_URLS);

    // Hovering a match shows its URL, context, notes and parts.
    await page.hover('#highlighted mark.match:nth-of-type(3)');
    const tooltip = await page.$eval('#tooltip', (box) => ({ hidden: box.hidden, text: box.innerText }));
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.text).toContain(APPENDIX_URLS[2]);
    expect(tooltip.text).toMatch(/context\s+wrapper/);
    expect(tooltip.text).toMatch(/parts\.host\s+ds\.internic\.net/);
    expect(tooltip.text).toMatch(/parts\.fragment\s+WARNING/);

    // A bare e-mail address: not a match until the `emails` toggle is on.
    const address = 'jim@info.cern.ch';
    await page.type('#input', `\n\nWrite to ${address} for a copy.`);
    await waitForResults(page);
    expect((await highlightedMarks(page)).map((mark) => mark.url)).toEqual(APPENDIX_URLS);
    await page.click('#emails');
    await waitForResults(page);
    expect(await highlightedMarks(page)).toEqual([...APPENDIX_URLS.map((url, index) => ({ url, text: wrappers[index] })), { url: `mailto:${address}`, text: address }]);
    expect((await linkedAnchors(page)).map((anchor) => anchor.href)).toEqual([...APPENDIX_URLS, `mailto:${address}`]);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.hover('#highlighted mark.match:nth-of-type(1)');
    await page.screenshot({ path: join(ARTIFACTS, 'playground.png'), fullPage: true });
    expect(existsSync(join(ARTIFACTS, 'playground.png'))).toBe(true);
  });

  it('scans a pasted megabyte in the worker and shows every match', async () => {
    await openPage(`${origin}/index.html`);
    await waitForResults(page);
    const big = SAMPLE_MAIL.repeat(Math.ceil(PASTE_SIZE / SAMPLE_MAIL.length));
    // A paste is one input event with the whole text, which is what this is.
    await page.$eval(
      '#input',
      (input, text) => {
        (input as unknown as PageElement).value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      big,
    );
    await waitForResults(page);
    const matches = findUrls(big);
    const status = await page.$eval('#status', (element) => ({ ...element.dataset, text: element.textContent }));
    expect(status.engine).toBe('worker');
    expect(Number(status.matches)).toBe(matches.length);
    // Counted in the page: $$eval would make a handle for each of thousands of elements.
    expect(await page.evaluate(() => document.querySelectorAll('#highlighted mark.match').length)).toBe(matches.length);
    // The tables stop at 1,000 rows and say how many more there are.
    expect(await page.evaluate(() => document.querySelectorAll('#match-rows tr').length)).toBe(Math.min(matches.length, 1000) + (matches.length > 1000 ? 1 : 0));
    console.log(`playground, ${big.length} characters pasted: ${status.text}`);
  });

  it('scans on its own thread when opened from file://, where no worker may start', async () => {
    // The static folder needs no server: Chromium refuses the worker there, and the page copes.
    await openPage(pathToFileURL(join(outdir, 'index.html')).href);
    await waitForResults(page);
    expect(await page.$eval('#status', (status) => status.dataset.engine)).toBe('page');
    expect((await highlightedMarks(page)).map((mark) => mark.url)).toEqual(findUrls(SAMPLE_MAIL).map((match) => match.url));
  });

  it("gives the same findUrls results as Node on corpus/scan, from the browser bundle", async () => {
    await openPage(`${origin}/index.html`);
    await page.addScriptTag({ url: '/in-page.js', type: 'module' });
    const inPage = await page.evaluate(() => (globalThis as unknown as InPage).urlsiftInPage.exported);
    expect(inPage).toEqual(Object.keys(core).sort());

    const dir = join(ROOT, 'corpus', 'scan');
    const cases = readdirSync(dir)
      .filter((name) => name.endsWith('.txt'))
      .sort()
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8'), options: optionsOf(join(dir, name.replace(/\.txt$/, '.expected'))) }));
    expect(cases.length).toBeGreaterThanOrEqual(10);
    const browserResults = JSON.parse(await page.evaluate((list) => (globalThis as unknown as InPage).urlsiftInPage.scanCases(list), cases)) as unknown[];
    const nodeResults = cases.map(({ name, text, options }) => {
      const rejected: unknown[] = [];
      const matches = findUrls(text, { ...options, onReject: (candidate) => rejected.push(candidate) });
      return JSON.parse(JSON.stringify({ name, matches, rejected })) as unknown;
    });
    expect(browserResults).toEqual(nodeResults);
  });

  it("parses internationalised hosts as Node does, with the browser's own URL", async () => {
    await openPage(`${origin}/index.html`);
    await page.addScriptTag({ url: '/in-page.js', type: 'module' });
    const hosts = [
      'bücher.example',
      'b%C3%BCcher.example',
      '日本.jp',
      'faß.de',
      'ς.gr',
      'ＡＢＣ.com',
      'a\u00adb.com',
      'παράδειγμα.δοκιμή',
      'пример.испытание',
      'xn--iñ.example',
      'xn--a.com',
      '\u200d.com',
      'a%2Fb.example',
      'ex%41mple.com',
    ];
    const urls = hosts.map((host) => `http://${host}/path`);
    const browserResults = JSON.parse(await page.evaluate((list) => (globalThis as unknown as InPage).urlsiftInPage.parseCases(list), urls)) as unknown[];
    const nodeResults = urls.map((url) => JSON.parse(JSON.stringify(parseUrl(url))) as unknown);
    expect(browserResults).toEqual(nodeResults);
    // Not vacuous: some hosts convert, some are refused.
    expect(JSON.stringify(nodeResults)).toContain('xn--bcher-kva.example');
    expect(JSON.stringify(nodeResults)).toContain('bad-host');
  });

  it('gives the same urlsift/remark results as Node on corpus/markdown, from the browser bundle', async () => {
    await openPage(`${origin}/index.html`);
    await page.addScriptTag({ url: '/in-page.js', type: 'module' });
    const dir = join(ROOT, 'corpus', 'markdown');
    const cases = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => {
        const configFile = join(dir, name, 'config.json');
        const config = existsSync(configFile) ? (JSON.parse(readFileSync(configFile, 'utf8')) as MarkdownConfig) : {};
        return { name, input: readFileSync(join(dir, name, 'input.md'), 'utf8'), config };
      });
    expect(cases.length).toBeGreaterThanOrEqual(10);
    const browserResults = JSON.parse(
      await page.evaluate((list) => (globalThis as unknown as InPage).urlsiftInPage.markdownCases(list), cases),
    ) as unknown[];
    const nodeResults: unknown[] = [];
    for (const { name, input, config } of cases) {
      const options: LinkifyTextOptions = { ...config.options };
      if (config.acceptSchemes) options.registry = createRegistry(Object.fromEntries(config.acceptSchemes.map((scheme) => [scheme, acceptAnything])));
      const file = await unified()
        .use(remarkParse)
        .use(config.gfm ? [remarkGfm] : [])
        .use(remarkUrlsift, options)
        .use(remarkStringify)
        .process(input);
      const messages = file.messages.map((message) => ({ ruleId: message.ruleId, source: message.source, reason: message.reason, place: message.place }));
      nodeResults.push(JSON.parse(JSON.stringify({ name, output: String(file), messages })));
    }
    expect(browserResults).toEqual(nodeResults);
    // Not vacuous: the fixtures make links and messages.
    expect(JSON.stringify(nodeResults)).toContain('](http');
    expect(JSON.stringify(nodeResults)).toContain('hyphen-break');
  });
});
