// mailparser as the reference decoder: the decoded text of every text part urlsift reads
// must equal what mailparser (nodemailer's parser, the product brief's) makes of the same
// part, on corpus/mail, the shared MIME fixtures and a sample of the shared mailboxes.
// Each difference found is either a bug fixed in src/sources or one of KNOWN_DIFFERENCES
// below: a place where mailparser is wrong (or makes a choice urlsift does not), with
// the reason. The README's "MIME" section lists them too. Bounded (MAX_SAMPLE_BYTES), so
// that npm test stays fast; the shared corpus parts skip with a note when it is absent.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { MailParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { unwrapFlowed } from '../../src/sources/flowed.js';
import type { SourceDocument } from '../../src/sources/origin.js';
import { readDocuments } from '../../src/sources/read-input.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const hasCorpus = existsSync(corpus);
if (!hasCorpus) console.warn(`mailparser comparison on the shared corpus skipped: ${corpus} not found`);

/**
 * How much of each shared mailbox is compared: mailparser reads about 19 MB/s, so a few
 * megabytes keep this file to seconds while still covering hundreds of real messages.
 */
const MAX_SAMPLE_BYTES = 3 * 1024 * 1024;

/** One text part as mailparser decoded it. */
interface ReferencePart {
  /** The IMAP part number (RFC 3501 §6.4.5), as urlsift numbers parts. */
  part: string;
  contentType: string;
  charset: string | undefined;
  flowed: boolean;
  delSp: boolean;
  text: string;
}

/** mailparser's internal tree node (`parser.tree`): not in its types, but stable across 3.x. */
interface TreeNode {
  contentType?: string;
  disposition?: string;
  charset?: string;
  textContent?: string;
  node?: { flowed?: boolean; delSp?: boolean };
  children: TreeNode[];
}

/** The text parts mailparser decodes (inline text/plain, text/html, message/delivery-status). */
async function referenceParts(message: Buffer): Promise<ReferencePart[]> {
  const parser = new MailParser({ skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  parser.on('data', (data: { type: string; content?: NodeJS.ReadableStream; release?: () => void }) => {
    if (data.type === 'attachment') {
      data.content?.on('data', () => undefined);
      data.content?.on('end', () => data.release?.());
    }
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
    parser.end(message);
  });
  const parts: ReferencePart[] = [];
  const walk = (node: TreeNode, part: string, root: boolean): void => {
    if (node.contentType?.startsWith('multipart/')) {
      node.children.forEach((child, i) => walk(child, part === '' ? `${i + 1}` : `${part}.${i + 1}`, false));
      return;
    }
    if (node.textContent === undefined) return;
    parts.push({
      part: root ? '1' : part,
      contentType: node.contentType ?? 'text/plain',
      charset: node.charset,
      flowed: node.node?.flowed ?? false,
      delSp: node.node?.delSp ?? false,
      text: node.textContent,
    });
  };
  const tree = (parser as unknown as { tree?: TreeNode }).tree;
  if (tree) walk(tree, '', true);
  return parts;
}

/** urlsift's documents for the body parts of one message, by part number. */
async function ourParts(message: Buffer): Promise<Map<string, SourceDocument>> {
  const parts = new Map<string, SourceDocument>();
  for await (const item of readDocuments(message, { input: 'eml' })) {
    if (item.type === 'document' && item.origin.header === undefined && item.origin.part !== undefined) parts.set(item.origin.part, item);
  }
  return parts;
}

/** A part where urlsift's text and mailparser's differ. */
interface Difference {
  where: string;
  reference: ReferencePart;
  ours: string | undefined;
  raw: Buffer;
}

/**
 * The differences that are mailparser's mistakes or choices urlsift does not share.
 * Each is a test on the difference and the reason it is not a bug in urlsift.
 */
const KNOWN_DIFFERENCES: ReadonlyArray<{ reason: string; matches: (difference: Difference) => boolean }> = [
  {
    // "streamed USRP data > periodically": RFC 3676 §4.5 joins lines of one quote depth
    // without the continuation line's quote marks; mailparser's flowed decoder keeps them
    // in the middle of the joined line, and drops the last line break of the part.
    reason: 'mailparser leaves the quote marks of joined format=flowed lines inside the text',
    matches: (difference) => difference.reference.flowed && difference.ours !== undefined && withoutQuoteMarks(difference.ours) === withoutQuoteMarks(difference.reference.text),
  },
  {
    // RFC 2046 §5.1.5: a body part of multipart/digest without Content-Type is a
    // message/rfc822; mailparser reads it as text/plain, so its part numbers and texts
    // are not urlsift's (which reads the attached message's header and body, as `n.1`).
    reason: 'mailparser ignores the multipart/digest default type message/rfc822',
    matches: (difference) => /^content-type:[ \t]*multipart\/digest/im.test(difference.raw.toString('latin1')),
  },
  {
    // "--b\n\n--b": the blank line ends the part's empty header; the line break before the
    // next delimiter belongs to the delimiter (RFC 2046 §5.1.1), so the body is empty.
    reason: 'mailparser gives an empty body part one line break',
    matches: (difference) => difference.reference.text === '\n' && difference.ours === '',
  },
  {
    // A line that is no header field (RFC 5322 §2.2) where a header should be: a message
    // without the blank line after its header (cpython msg_35), text that is not a
    // message (cpython msg_19, node-mbox test-not-an.mbox and test-attached.mbox), or an
    // mboxcl2 body line cut out by this test's plain `From ` split. urlsift reads the
    // text as body, where URLs may be; mailparser takes it for header and loses it.
    reason: 'mailparser drops body text that follows a header without a blank line',
    matches: (difference) =>
      difference.reference.part === '1' &&
      difference.ours !== undefined &&
      lines(difference.ours).endsWith(lines(difference.reference.text)) &&
      hasNonFieldLine(difference.raw),
  },
  {
    // cpython msg_40, mailparser's own spam.eml: a text/html part with a boundary
    // parameter but no multipart type. mailparser gives an empty text; urlsift reads the
    // body as the HTML it is labelled as.
    reason: 'mailparser empties a single part that carries a boundary parameter',
    matches: (difference) => difference.reference.text === '' && /boundary=/i.test(difference.raw.toString('latin1')) && difference.ours !== undefined && difference.ours.length > 0,
  },
  {
    // cpython msg_15 (a nested multipart reusing its parent's boundary) and msg_38 (the
    // outer boundary at the start of lines inside an inner part): RFC 2046 §5.1.1 forbids
    // both, so there is no right split; urlsift ends a part at the first delimiter line of
    // any enclosing multipart, mailparser does not.
    reason: 'malformed nesting of boundaries: each parser recovers its own way',
    matches: (difference) => /cpython-3\.11-test_email-data\/msg_(?:15|38)\.txt/.test(difference.where),
  },
];

/** True when the header section (up to the first blank line) has a line that is neither a field (RFC 5322 §2.2, §3.6.8) nor a folded continuation. */
function hasNonFieldLine(message: Buffer): boolean {
  const header = message.toString('latin1').split(/\r?\n\r?\n/)[0]!;
  return header.split(/\r?\n/).some((line) => !/^[!-9;-~]+:/.test(line) && !/^[ \t]/.test(line) && !/^From /.test(line));
}

/** Text without `>` quote marks and with runs of white space as one space, for comparing flowed text. */
const withoutQuoteMarks = (text: string): string => text.replace(/>/g, '').replace(/\s+/g, ' ').trim();

/** Both sides with line ends as mailparser gives them (it turns CRLF into LF; urlsift keeps the raw line ends, for positions). */
const lines = (text: string): string => text.replace(/\r?\n/g, '\n');

async function compareMessage(message: Buffer, where: string, differences: Difference[]): Promise<number> {
  const [reference, ours] = await Promise.all([referenceParts(message), ourParts(message)]);
  for (const part of reference) {
    const doc = ours.get(part.part);
    let text = doc?.source;
    if (text !== undefined && part.flowed && doc?.origin.contentType === 'text/plain') text = unwrapFlowed(text, part.delSp).text;
    if (text === undefined || lines(text) !== lines(part.text)) differences.push({ where: `${where} part ${part.part}`, reference: part, ours: text, raw: message });
  }
  return reference.length;
}

/** The messages of a mailbox (mboxrd/mboxo quoting undone, as urlsift's mbox reader does) or of a message file. */
function messagesOf(bytes: Buffer): Buffer[] {
  if (bytes.subarray(0, 5).toString('latin1') !== 'From ') return [bytes];
  const text = bytes.toString('latin1');
  const starts: number[] = [];
  for (let at = 0; at >= 0 && at < text.length; at = text.indexOf('\nFrom ', at)) {
    starts.push(at === 0 ? 0 : at + 1);
    if (at === 0) at = 1;
    else at++;
  }
  return starts.map((start, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]! : text.length;
    const message = text.slice(start, end).replace(/^>(>*From )/gm, '$1');
    const body = message.slice(message.indexOf('\n') + 1);
    return Buffer.from(body, 'latin1');
  });
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (!name.endsWith('.expected') && !name.endsWith('.md')) out.push(path);
  }
  return out;
}

function explain(differences: Difference[]): string[] {
  return differences
    .filter((difference) => !KNOWN_DIFFERENCES.some((known) => known.matches(difference)))
    .map((difference) => `${difference.where} (${difference.reference.contentType}; charset=${difference.reference.charset}): mailparser ${JSON.stringify(difference.reference.text.slice(0, 300))} urlsift ${JSON.stringify(difference.ours?.slice(0, 300))}`);
}

describe('decoded text parts against mailparser', () => {
  it('agree on corpus/mail', async () => {
    const differences: Difference[] = [];
    let compared = 0;
    for (const path of filesUnder(join(ROOT, 'corpus/mail'))) {
      if (path.endsWith('.txt') || path.endsWith('.rnews')) continue; // plain text and rnews batches are not MIME messages
      for (const [i, message] of messagesOf(readFileSync(path)).entries()) compared += await compareMessage(message, `${path.slice(ROOT.length)} #${i}`, differences);
    }
    expect(compared).toBeGreaterThan(10);
    expect(explain(differences)).toEqual([]);
  });

  it.skipIf(!hasCorpus)('agree on the shared MIME fixtures', async () => {
    const differences: Difference[] = [];
    let compared = 0;
    for (const path of filesUnder(join(corpus, 'mime-fixtures'))) {
      if (path.endsWith('PROVENANCE.md')) continue;
      for (const [i, message] of messagesOf(readFileSync(path)).entries()) compared += await compareMessage(message, `${path.slice(corpus.length)} #${i}`, differences);
    }
    expect(compared).toBeGreaterThan(50);
    expect(explain(differences)).toEqual([]);
  });

  it.skipIf(!hasCorpus)('agree on a sample of the shared mailboxes', async () => {
    const differences: Difference[] = [];
    let compared = 0;
    const boxes = [join(corpus, 'mbox/usrp-users-2019-04_to_2020-04.mbox.gz'), join(corpus, 'pipermail/twisted-python/2005-March.txt.gz'), join(corpus, 'pipermail/twisted-python/2012-June.txt.gz')];
    for (const box of boxes) {
      const data = gunzipSync(readFileSync(box));
      const sample = data.subarray(0, MAX_SAMPLE_BYTES);
      const messages = messagesOf(sample);
      messages.pop(); // the last one may be cut by the sample's end
      for (const [i, message] of messages.entries()) compared += await compareMessage(message, `${box.slice(corpus.length)} #${i}`, differences);
    }
    expect(compared).toBeGreaterThan(300);
    expect(explain(differences)).toEqual([]);
  });
});
