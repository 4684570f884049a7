// The remark plugin: hand-written fixtures in corpus/markdown/<case>/, positions on the
// new nodes, HTML rendering together with remark-gfm, and hostile input.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { Link, Nodes, Root } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { linkifyText, type LinkifyTextOptions } from '../src/linkify-text.js';
import remarkUrlsift from '../src/remark.js';
import { createRegistry } from '../src/schemes/registry.js';
import type { SchemeParser } from '../src/schemes/parsed.js';
import type { SchemeEntry } from '../src/schemes/registry.js';
import { fuzzRuns } from './fuzz-runs.js';
import { pointOf } from './support/points.js';

const FIXTURES = fileURLToPath(new URL('../corpus/markdown/', import.meta.url));

/** `config.json` of a fixture folder; every field optional. */
interface FixtureConfig {
  /** Parse (and print) with remark-gfm too. */
  gfm?: boolean;
  /** Plugin options, as JSON. */
  options?: Omit<LinkifyTextOptions, 'registry'>;
  /** Schemes to add to the registry with a parser that accepts anything (JSON has no functions). */
  acceptSchemes?: string[];
  /** Expected vfile messages, `line:column-line:column ruleId`, in order; none when absent. */
  messages?: string[];
}

function readConfig(folder: string): FixtureConfig {
  const path = `${FIXTURES}${folder}/config.json`;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as FixtureConfig) : {};
}

function pluginOptions(config: FixtureConfig): LinkifyTextOptions {
  const options: LinkifyTextOptions = { ...config.options };
  if (config.acceptSchemes) {
    const changes: Record<string, SchemeEntry> = {};
    for (const name of config.acceptSchemes) changes[name] = acceptAnything;
    options.registry = createRegistry(changes);
  }
  return options;
}

/** A scheme parser that accepts every URL: the worst registry a caller could pass. */
const acceptAnything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });

function markdownProcessor(config: FixtureConfig) {
  return unified()
    .use(remarkParse)
    .use(config.gfm ? [remarkGfm] : [])
    .use(remarkUrlsift, pluginOptions(config))
    .use(remarkStringify);
}

/** Parses and transforms `source`, keeping the tree and the file. */
function transform(source: string, config: FixtureConfig = {}): { tree: Root; file: VFile } {
  const processor = markdownProcessor(config);
  const file = new VFile(source);
  const tree = processor.runSync(processor.parse(file), file);
  return { tree, file };
}

function describeMessages(file: VFile): string[] {
  return file.messages.map((message) => {
    const place = message.place;
    const end = place && 'end' in place ? `${place.end.line}:${place.end.column}` : '?';
    return `${message.line}:${message.column}-${end} ${message.ruleId}`;
  });
}

function allNodes(node: Nodes, out: Nodes[] = []): Nodes[] {
  out.push(node);
  if ('children' in node) for (const child of node.children) allNodes(child, out);
  return out;
}

function linksOf(tree: Root): Link[] {
  return allNodes(tree).filter((node): node is Link => node.type === 'link');
}


const lineAndColumn = ({ line, column }: { line: number; column: number }): { line: number; column: number } => ({ line, column });

/** Every node has a position, every position is consistent, children sit inside their parent in order. */
function checkPositions(tree: Root, source: string): void {
  const visit = (node: Nodes): void => {
    expect(node.position, `${node.type} has a position`).toBeDefined();
    const { start, end } = node.position!;
    expect(start.offset).toBeLessThanOrEqual(end.offset!);
    expect({ line: start.line, column: start.column }).toEqual(lineAndColumn(pointOf(source, start.offset!, true)));
    expect({ line: end.line, column: end.column }).toEqual(lineAndColumn(pointOf(source, end.offset!, true)));
    if (!('children' in node)) return;
    let cursor = start.offset!;
    for (const child of node.children) {
      expect(child.position!.start.offset!, `${child.type} inside ${node.type}`).toBeGreaterThanOrEqual(cursor);
      expect(child.position!.end.offset!).toBeLessThanOrEqual(end.offset!);
      cursor = child.position!.end.offset!;
      visit(child);
    }
  };
  visit(tree);
}

/**
 * What markdown leaves of a text's source when nothing is escaped: container prefixes
 * and indentation after each line ending, and spaces before it, go.
 */
function unfoldSource(slice: string): string {
  return slice.replace(/[ \t]*(\r\n|\r|\n)[ \t>]*/g, '$1');
}

const fixtureNames = existsSync(FIXTURES)
  ? readdirSync(FIXTURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
  : [];

describe('corpus/markdown fixtures', () => {
  it('has fixture folders to run', () => {
    expect(fixtureNames.length).toBeGreaterThanOrEqual(10);
  });

  describe.each(fixtureNames)('%s', (name) => {
    const folder = `${FIXTURES}${name}/`;
    const config = readConfig(name);

    it('turns input.md into output.md (a missing output.md fails)', async () => {
      expect(existsSync(`${folder}output.md`), `${name}/output.md is written by hand; the test never creates it`).toBe(true);
      const input = readFileSync(`${folder}input.md`, 'utf8');
      const expected = readFileSync(`${folder}output.md`, 'utf8');
      const file = await markdownProcessor(config).process(input);
      expect(String(file)).toBe(expected);
      expect(describeMessages(file)).toEqual(config.messages ?? []);
      for (const message of file.messages) expect(message.source).toBe('urlsift');
    });

    it('gives every node a consistent position and never nests links', () => {
      const input = readFileSync(`${folder}input.md`, 'utf8');
      const { tree } = transform(input, config);
      checkPositions(tree, input);
      for (const link of linksOf(tree)) expect(linksOf({ type: 'root', children: link.children }), 'link inside a link').toEqual([]);
    });

    it('places text nodes on the source they come from', () => {
      const input = readFileSync(`${folder}input.md`, 'utf8');
      const { tree } = transform(input, config);
      for (const node of allNodes(tree)) {
        if (node.type !== 'text') continue;
        const slice = input.slice(node.position!.start.offset, node.position!.end.offset);
        // Escapes and references are checked by the entities-and-escapes output instead.
        if (slice.includes('\\') || slice.includes('&')) continue;
        expect(unfoldSource(slice)).toBe(node.value);
      }
    });

    it('places each wrapper link on its wrapper', () => {
      const input = readFileSync(`${folder}input.md`, 'utf8');
      const { tree } = transform(input, config);
      // The `drop` hyphen policy links the reading without a hyphen before a line break.
      const lineBreak = config.options?.hyphen === 'drop' ? /-?(\r\n|\r|\n)[ \t>]*/g : /(\r\n|\r|\n)[ \t>]*/g;
      for (const link of linksOf(tree)) {
        const slice = input.slice(link.position!.start.offset, link.position!.end.offset);
        if (!slice.startsWith('<') || slice.includes('\\') || slice.includes('&')) continue;
        // RFC 1738 Appendix: whitespace (and, in a quote, the prefix) inside the wrapper goes.
        const inner = slice
          .slice(1, -1)
          .replace(lineBreak, '')
          .replace(/[ \t]/g, '')
          .replace(/^url:/i, '');
        expect([inner, `mailto:${inner}`]).toContain(link.url);
      }
    });
  });
});

describe('links', () => {
  it('is published as urlsift/remark, built from src/remark.ts', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
    };
    expect(manifest.exports['./remark']).toEqual({ types: './dist/remark.d.ts', default: './dist/remark.js' });
    expect(typeof remarkUrlsift).toBe('function');
  });

  it('links a wrapper broken across soft line breaks whole, with positions on the new nodes', () => {
    const source = 'See <URL:http://a.example/b/\nc.html> now.\n';
    const { tree } = transform(source);
    const [link] = linksOf(tree);
    expect(link?.url).toBe('http://a.example/b/c.html');
    expect(link?.position?.start).toEqual({ line: 1, column: 5, offset: 4 });
    expect(link?.position?.end).toEqual({ line: 2, column: 8, offset: 36 });
    expect(link?.children).toEqual([
      {
        type: 'text',
        value: 'URL:http://a.example/b/\nc.html',
        position: { start: { line: 1, column: 6, offset: 5 }, end: { line: 2, column: 7, offset: 35 } },
      },
    ]);
    const paragraph = tree.children[0];
    expect(paragraph?.type === 'paragraph' && paragraph.children.map((child) => child.position?.start.offset)).toEqual([0, 4, 36]);
  });

  it('keeps line numbers right with CR LF line endings', () => {
    const source = 'One\r\n\r\nTwo <URL:http://a.example/\r\n  b> three\r\n';
    const { tree } = transform(source);
    const [link] = linksOf(tree);
    expect(link?.url).toBe('http://a.example/b');
    expect(link?.position?.start).toEqual({ line: 3, column: 5, offset: 11 });
    expect(link?.position?.end).toEqual({ line: 4, column: 5, offset: 39 });
  });

  it('fixes the link CommonMark makes from <URL:...> instead of adding another', () => {
    const { tree } = transform('<URL:http://a.example/>');
    const links = linksOf(tree);
    expect(links.map((link) => link.url)).toEqual(['http://a.example/']);
  });

  it('leaves text in code, inline code, html, links and link references alone', () => {
    const source = [
      '`http://a.example/`',
      '',
      '    http://b.example/',
      '',
      '[http://c.example/](http://d.example/) [http://e.example/][r]',
      '',
      '<div>http://f.example/</div>',
      '',
      '[r]: http://g.example/',
      '',
    ].join('\n');
    const { tree } = transform(source);
    expect(linksOf(tree).map((link) => link.url)).toEqual(['http://d.example/']);
  });

  it('is idempotent: a second run changes nothing', () => {
    const source = '> a <URL:http://a.example/x-\n> y> and www.b.example and <http://c.example/>\n';
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkUrlsift).use(remarkUrlsift).use(remarkStringify);
    const once = String(unified().use(remarkParse).use(remarkGfm).use(remarkUrlsift).use(remarkStringify).processSync(source));
    expect(String(processor.processSync(source))).toBe(once);
  });

  it('links without positions when it has no source, and never gives a wrong position', () => {
    const processor = unified().use(remarkParse).use(remarkUrlsift);
    const source = 'See <URL:http://a.example/b/\n  c.html> now.';
    const bare = processor.runSync(processor.parse(source));
    expect(linksOf(bare).map((link) => [link.url, link.position])).toEqual([['http://a.example/b/c.html', undefined]]);
    // A file whose text is not the parsed source: the values cannot be aligned with it.
    const other = new VFile(source.toUpperCase());
    const mismatched = processor.runSync(processor.parse(source), other);
    const [link] = linksOf(mismatched);
    expect(link?.url).toBe('http://a.example/b/c.html');
    expect(link?.position).toBeUndefined();
    expect(link?.children[0]?.position).toBeUndefined();
  });

  it('rejects options of the wrong type', () => {
    const attach = (options: unknown) => () => unified().use(remarkUrlsift, options as never).freeze();
    expect(attach({ hyphen: 'maybe' })).toThrow(TypeError);
    expect(attach({ schemes: 'http' })).toThrow(/schemes/);
    expect(attach({ registry: 'default' })).toThrow(/registry/);
    expect(attach(null)).not.toThrow();
  });
});

describe('messages', () => {
  it('reports an ambiguous hyphen with its readings', () => {
    const { file } = transform('<URL:http://www.some-\n   host.example/a-b-\n  c.html>\n');
    expect(file.messages).toHaveLength(1);
    const [message] = file.messages;
    expect(message?.ruleId).toBe('hyphen-break');
    expect(message?.source).toBe('urlsift');
    expect(message?.fatal).toBe(false);
    expect(message?.reason).toContain('http://www.somehost.example/a-bc.html');
    expect(message?.place).toEqual({ start: { line: 1, column: 1, offset: 0 }, end: { line: 3, column: 10, offset: 52 } });
  });

  it('reports a refused wrapped candidate with the reason code, and nothing for bare text', () => {
    const { file, tree } = transform('<URL:http://a.example:99999/> and http://b.example:99999/ too\n');
    expect(describeMessages(file)).toEqual(['1:1-1:30 bad-port']);
    expect(linksOf(tree)).toEqual([]);
  });
});

describe('HTML with remark-gfm, remark-rehype and rehype-stringify', () => {
  const MAIL = [
    'Hi all,',
    '',
    '> On Mon, Jim wrote:',
    '> > The archive moved to <URL:ftp://ftp.example.org/pub/',
    '> > mail/archive.tar.gz>, see also',
    '> > <URL:http://www.example.org/mail/',
    '> > index.html>.',
    '>',
    '> Thanks! Mirrors: http://mirror.example.net/pub/mail/ and',
    '> www.example.com/mirror.',
    '',
    '| mirror | address |',
    '| --- | --- |',
    '| one | <URL:http://one.example/> |',
    '',
    '`<URL:http://code.example/>` stays code.',
    '',
  ].join('\n');

  const render = (markdown: string, withPlugin: boolean): string =>
    String(
      unified()
        .use(remarkParse)
        .use(remarkGfm)
        .use(withPlugin ? [remarkUrlsift] : [])
        .use(remarkRehype)
        .use(rehypeStringify)
        .processSync(markdown),
    );

  const hrefsOf = (html: string): string[] => [...html.matchAll(/<a href="([^"]*)"/g)].map((found) => found[1] ?? '');

  it('renders mail-like markdown with the right hrefs', () => {
    const html = render(MAIL, true);
    expect(hrefsOf(html)).toEqual([
      'ftp://ftp.example.org/pub/mail/archive.tar.gz',
      'http://www.example.org/mail/index.html',
      'http://mirror.example.net/pub/mail/',
      'http://www.example.com/mirror',
      'http://one.example/',
    ]);
    expect(html).toContain('<a href="ftp://ftp.example.org/pub/mail/archive.tar.gz">URL:ftp://ftp.example.org/pub/\nmail/archive.tar.gz</a>, see also');
    expect(html).toContain('<td><a href="http://one.example/">URL:http://one.example/</a></td>');
    expect(html).toContain('<code>&#x3C;URL:http://code.example/></code>');
  });

  it('fixes what remark-gfm alone gets wrong', () => {
    const hrefs = hrefsOf(render(MAIL, false));
    // GFM cuts the wrapper at the line break, misses ftp, and links `URL:` as a scheme.
    expect(hrefs).toContain('http://www.example.org/mail/');
    expect(hrefs).toContain('URL:http://one.example/');
    expect(hrefs).not.toContain('http://www.example.org/mail/index.html');
    expect(hrefs).not.toContain('ftp://ftp.example.org/pub/mail/archive.tar.gz');
  });
});

describe('autolinks and the scheme policy', () => {
  it('turns a CommonMark autolink outside the allowlist into text, and keeps allowed ones', () => {
    const text = '<file:///etc/passwd> <irc://irc.example/x> <javascript:alert(1)> <data:text/html,x> <VBScript:x> <https://ok.example/> <me@x.example>';
    const tree = unified().use(remarkParse).parse(text);
    unified().use(remarkUrlsift).runSync(tree, new VFile(text));
    expect(linksOf(tree).map((link) => link.url)).toEqual(['https://ok.example/', 'mailto:me@x.example']);
    const html = String(unified().use(remarkParse).use(remarkUrlsift).use(remarkRehype).use(rehypeStringify).processSync(text));
    expect(html).not.toMatch(/href="(file|irc|javascript|data|vbscript):/i);
    expect(html).toContain('&#x3C;file:///etc/passwd>');
  });

  it('turns <javascript:>, <data:> and <vbscript:> autolinks into text whatever the options say', () => {
    const text = 'See <javascript:alert(1)>, <DATA:text/html,x>, <vbscript:x> and example.com/page.';
    const everything = createRegistry({ javascript: acceptAnything, data: acceptAnything, vbscript: acceptAnything });
    const tree = unified().use(remarkParse).parse(text);
    unified().use(remarkUrlsift, { schemes: ['http', 'javascript', 'data', 'vbscript'], registry: everything, fuzzy: true }).runSync(tree, new VFile(text));
    expect(linksOf(tree).map((link) => link.url)).toEqual(['http://example.com/page']);
  });

  it('turns an autolink or GFM literal urlsift refuses into text, with one message (issue 12: bidi controls, IDNA)', () => {
    const refused = ['<http://a.example/\u202Eevil>', '<http://a.example/\u200Fevil>', '<http://a.example/\u2066evil>', '<http://exa\u202Emple.com/>'];
    for (const gfm of [false, true]) {
      for (const text of [...refused, ...(gfm ? ['http://a.example/\u202Eevil'] : [])]) {
        const file = new VFile(text);
        const tree = unified().use(remarkParse).use(gfm ? [remarkGfm] : []).parse(text);
        expect(linksOf(tree), `the parser links ${JSON.stringify(text)}`).toHaveLength(1);
        unified().use(remarkUrlsift).runSync(tree, file);
        expect(linksOf(tree), JSON.stringify(text)).toEqual([]);
        expect(linkifyText(text)).not.toContain('<a ');
        expect(file.messages.map((message) => message.reason)).toEqual([expect.stringMatching(/^Not linked: `http:\/\/(a\.example\/|exa)/)]);
        expect(file.messages[0]?.place).toMatchObject({ start: { offset: 0 } });
        const html = String(unified().use(remarkParse).use(gfm ? [remarkGfm] : []).use(remarkUrlsift).use(remarkRehype).use(rehypeStringify).processSync(text));
        expect(html, JSON.stringify(text)).not.toContain('<a ');
      }
    }
  });

  it('keeps accepted autolinks and GFM literals as they were, node for node', () => {
    const text = 'See <http://a.example/ok>, <mailto:me@x.example>, <me@x.example>, http://b.example/p and www.c.example/q.';
    for (const gfm of [false, true]) {
      const tree = unified().use(remarkParse).use(gfm ? [remarkGfm] : []).parse(text);
      const before = linksOf(tree);
      const copies = structuredClone(before);
      const file = new VFile(text);
      unified().use(remarkUrlsift).runSync(tree, file);
      // The parser's own nodes stay in the tree, unchanged; urlsift adds the bare URLs GFM left.
      const after = new Set(linksOf(tree));
      for (const link of before) expect(after.has(link), link.url).toBe(true);
      expect(before).toEqual(copies);
      expect([...after].map((link) => link.url)).toEqual([
        'http://a.example/ok', 'mailto:me@x.example', 'mailto:me@x.example', 'http://b.example/p', 'http://www.c.example/q',
      ]);
      expect(before.map((link) => link.url)).toEqual(
        gfm
          ? ['http://a.example/ok', 'mailto:me@x.example', 'mailto:me@x.example', 'http://b.example/p', 'http://www.c.example/q']
          : ['http://a.example/ok', 'mailto:me@x.example', 'mailto:me@x.example'],
      );
      expect(file.messages).toEqual([]);
    }
  });

  it('links bare domains only with the fuzzy option', () => {
    const text = 'Mirror at example.com/pub and 192.0.2.1:8080/x.';
    const links = (options: LinkifyTextOptions) => {
      const tree = unified().use(remarkParse).parse(text);
      unified().use(remarkUrlsift, options).runSync(tree, new VFile(text));
      return linksOf(tree).map((link) => link.url);
    };
    expect(links({})).toEqual([]);
    expect(links({ fuzzy: true })).toEqual(['http://example.com/pub', 'http://192.0.2.1:8080/x']);
  });
});

/** Pieces that make markdown, wrappers and code schemes collide. */
const HOSTILE_PIECES = [
  '<URL:', '<url: ', 'URL=<', 'URL:', '<', '>', '>>', '\n', '\n> ', '\n>> ', '  \n', '\\\n', '\r\n', ' ', '\t', '-', '-\n',
  'http://', 'https://a.example/', 'ftp://b.example/', 'www.', 'c.example', 'mailto:', 'news:', 'x@y.example',
  'javascript:', 'JaVaScRiPt:', 'java\nscript:', 'data:', 'vbscript:', 'alert(1)', '"', "'", '&', '&amp;', '&#x6a;', '&lt;',
  '(', ')', '[', ']', '](', '`', '*', '_', '#', '%', '%0a', '\u00a0', '\u2028', '<script>', '</a>', '<a href="javascript:x">',
  ' onerror=', '<!--', '-->', '|', '---',  // Obfuscated code schemes, bidi controls, IDN look-alikes, and autolinks outside the allowlist (issue 12).
  '%6Aavascript:', 'j%61vascript:', 'java\tscript:', 'jav\r\nascript:', ' javascript:', 'JAVASCRIPT:', '\u202e', '\u2066', '\u200f',
  'http://\u0430pple.example/', 'xn--pple-43d.example', 'http://ex\u0430mple.com/', '<file:///etc/passwd>', '<irc://irc.example/x>',
  '<javascript:alert(1)>', '<data:text/html,x>', '<vbscript:x>', '<JavaScript:x>',
  // Autolinks and GFM literals that urlsift refuses: bidi controls in the path and the host.
  '<http://a.example/\u202eevil>', '<http://exa\u2066mple.com/>', 'http://a.example/\u200fx',
];

const hostileText = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) }), {
    maxLength: 40,
  })
  .map((pieces) => pieces.join(''));

/** An href rehype wrote, with its character references decoded. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|quot|lt|gt);/g, (_whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ({ amp: '&', quot: '"', lt: '<', gt: '>' } as Record<string, string>)[name] ?? '';
  });
}

const DEFAULT_ALLOWED = /^(https?|ftp|mailto|news|nntp|gopher|telnet|wais):/i;

describe('hostile input (fast-check)', () => {
  it('adds only allowed links, never a code scheme, never a link in a link', () => {
    const everything = createRegistry({ javascript: acceptAnything, data: acceptAnything, vbscript: acceptAnything, http: acceptAnything });
    fc.assert(
      fc.property(hostileText, fc.boolean(), (text, gfm) => {
        for (const options of [{}, { schemes: ['http', 'javascript', 'data', 'vbscript'], registry: everything, emails: true, fuzzy: true }]) {
          const parser = unified().use(remarkParse).use(gfm ? [remarkGfm] : []);
          const tree = parser.parse(text);
          const before = new Set(linksOf(tree));
          const file = new VFile(text);
          unified().use(remarkUrlsift, options).runSync(tree, file);
          for (const link of linksOf(tree)) {
            if (before.has(link)) continue;
            expect(link.url).toMatch(DEFAULT_ALLOWED);
            expect(link.url.replace(/[\t\n\r]/g, '')).not.toMatch(/^\s*(javascript|data|vbscript):/i);
            expect(linksOf({ type: 'root', children: link.children })).toEqual([]);
          }
        }
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('leaves no autolink or GFM literal with a scheme outside the policy', () => {
    fc.assert(
      fc.property(hostileText, fc.boolean(), (text, gfm) => {
        const tree = unified().use(remarkParse).use(gfm ? [remarkGfm] : []).parse(text);
        unified().use(remarkUrlsift).runSync(tree, new VFile(text));
        for (const link of linksOf(tree)) {
          const child = link.children[0];
          const span = link.position ? text.slice(link.position.start.offset, link.position.end.offset) : undefined;
          const madeFromText = link.children.length === 1 && child?.type === 'text' && (span === child.value || span === `<${child.value}>`);
          // A link urlsift made has no source span of its own text only when it is new; both must pass the policy.
          if (madeFromText || !link.position) expect(link.url).toMatch(DEFAULT_ALLOWED);
          // No link of any kind keeps a bidi control urlsift refuses (issue 12: spoofed link text).
          expect(link.url).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
        }
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('injects no element or attribute into the HTML', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const render = (withPlugin: boolean): string =>
          String(unified().use(remarkParse).use(remarkGfm).use(withPlugin ? [remarkUrlsift] : []).use(remarkRehype).use(rehypeStringify).processSync(text));
        const plain = render(false);
        const linked = render(true);
        const tagsOf = (html: string): string[] =>
          [...html.matchAll(/<(\/?[a-z][a-z0-9]*)/g)].map((found) => found[1] ?? '').filter((tag) => tag !== 'a' && tag !== '/a').sort();
        expect(tagsOf(linked)).toEqual(tagsOf(plain));
        const plainAnchors = new Set(plain.match(/<a [^>]*>/g) ?? []);
        let open = false;
        for (const found of linked.matchAll(/<a [^>]*>|<\/a>/g)) {
          const tag = found[0];
          if (tag === '</a>') {
            expect(open).toBe(true);
            open = false;
            continue;
          }
          expect(open, 'no <a> inside <a>').toBe(false);
          open = true;
          if (plainAnchors.has(tag)) continue;
          const href = /^<a href="([^"]*)">$/.exec(tag);
          expect(href, `only href on ${tag}`).not.toBeNull();
          expect(decodeAttribute(href?.[1] ?? '')).toMatch(DEFAULT_ALLOWED);
        }
        expect(open).toBe(false);
      }),
      { numRuns: fuzzRuns(150) },
    );
  });
});
