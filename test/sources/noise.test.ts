import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blankSpans, isArmorHeader, isArmorLabel, mayHoldNoise, removeNoise, type NoiseSpan } from '../../src/sources/noise.js';

const base64Line = 'TWFuIGlzIGRpc3Rpbmd1aXNoZWQsIG5vdCBvbmx5IGJ5IGhpcyByZWFzb24sIGJ1dCBieSB0aGlz';

describe('removeNoise', () => {
  it('blanks a uuencoded file and keeps every offset and line break', () => {
    const text = 'see http://a.example/\nbegin 644 file.bin\nM86)C9&5F9VAI:FML;6YO<\'!Q<G-T=79W>\'EZ\n`\nend\nafter http://b.example/\n';
    const { text: out, spans } = removeNoise(text);
    expect(spans).toEqual([{ kind: 'uuencode', start: text.indexOf('begin'), end: text.indexOf('after') }]);
    expect(out.length).toBe(text.length);
    expect(out.split('\n').length).toBe(text.split('\n').length);
    expect(out).toContain('http://a.example/');
    expect(out).toContain('after http://b.example/');
    expect(out).not.toContain('begin 644');
  });

  it('blanks a block to spaces with its CR and LF kept, whatever its characters, and leaves the rest as it was', () => {
    // A yEnc body holds any character: non-Latin-1 ones, CR LF line ends, a lone CR.
    const before = 'héllo 日本 http://a.example/\r\n';
    const block = '=ybegin line=128 size=3 name=x\r\n日本語 ÿ\u0000\tz\r\nlone\rcr\r\n\r\n=yend size=3\r\n';
    const after = 'после http://b.example/\r\n';
    const { text: out, spans } = removeNoise(before + block + after);
    expect(spans).toEqual([{ kind: 'yenc', start: before.length, end: before.length + block.length }]);
    const blanked = [...block].map((char) => (char === '\r' || char === '\n' ? char : ' ')).join('');
    expect(out).toBe(before + blanked + after);
  });

  it('blanks yEnc and PGP armour, but keeps the clear text of a signed message', () => {
    const text = [
      '-----BEGIN PGP SIGNED MESSAGE-----',
      'Hash: SHA256',
      '',
      'read http://c.example/',
      '-----BEGIN PGP SIGNATURE-----',
      '',
      'iQEzBAEBCAAdFiEE',
      '-----END PGP SIGNATURE-----',
      '=ybegin line=128 size=3 name=x',
      'binary www.not-a-site.example',
      '=yend size=3',
      'tail',
    ].join('\n');
    const { text: out, spans } = removeNoise(text);
    expect(spans.map((span) => span.kind)).toEqual(['armor', 'yenc']);
    expect(out).toContain('read http://c.example/');
    expect(out).not.toContain('www.not-a-site');
    expect(out.endsWith('tail')).toBe(true);
  });

  it('keeps the armour headers, which programs fill with their home pages', () => {
    const text = '-----BEGIN PGP SIGNATURE-----\nComment: Processed by Mailcrypt <http://mailcrypt.example/>\n\niQEzBAEB\n-----END PGP SIGNATURE-----\n';
    const { text: out, spans } = removeNoise(text);
    expect(out).toContain('<http://mailcrypt.example/>');
    expect(spans).toEqual([{ kind: 'armor', start: text.indexOf('\n\n') + 1, end: text.length }]);
  });

  it('blanks a run of base64 lines, with its short last line, but not three lines', () => {
    const run = `${[base64Line, base64Line, base64Line, base64Line, 'dGhpcw=='].join('\n')}\nwww.example.com\n`;
    const { spans } = removeNoise(run);
    expect(spans).toEqual([{ kind: 'base64', start: 0, end: run.indexOf('www') }]);
    expect(removeNoise(`${[base64Line, base64Line, base64Line].join('\n')}\n`).spans).toEqual([]);
  });

  it('leaves a stray "begin 644" line followed by prose alone, and armour without its END', () => {
    expect(removeNoise('begin 644 is how it starts\nThen we talk, see http://d.example/.\n').spans).toEqual([
      { kind: 'uuencode', start: 0, end: 'begin 644 is how it starts\n'.length },
    ]);
    expect(removeNoise('-----BEGIN PGP MESSAGE-----\nhttp://e.example/\n').spans).toEqual([]);
  });

  // The hostile-input catalogue's armour rows (their speed is in `npm run bench`).
  it('keeps many distinct armour labels without END lines as text', () => {
    const text = Array.from({ length: 50 }, (_, i) => `-----BEGIN X${i} KEY-----\nhttp://a.example/${i}\n`).join('');
    expect(removeNoise(text)).toEqual({ text, spans: [] });
  });

  it('blanks each of many distinct armour labels that has its END line', () => {
    const block = (i: number) => `-----BEGIN X${i} KEY-----\nMIIB${i}\n-----END X${i} KEY-----\n`;
    const text = Array.from({ length: 50 }, (_, i) => `text ${i}\n${block(i)}`).join('');
    const { spans } = removeNoise(text);
    expect(spans).toEqual(Array.from({ length: 50 }, (_, i) => {
      const start = text.indexOf(`MIIB${i}\n`);
      return { kind: 'armor', start, end: text.indexOf(`text ${i + 1}\n`) < 0 ? text.length : text.indexOf(`text ${i + 1}\n`) };
    }));
  });

  it('blanks a nested BEGIN block as part of the outer one, up to the outer END', () => {
    const text = '-----BEGIN PGP MESSAGE-----\n\n-----BEGIN X KEY-----\nwww.inner.example\n-----END X KEY-----\nqANQ\n-----END PGP MESSAGE-----\nafter http://b.example/\n';
    expect(removeNoise(text).spans).toEqual([{ kind: 'armor', start: text.indexOf('\n\n') + 1, end: text.indexOf('after') }]);
  });

  it('matches an END line by its whole label, indented or not, and ignores one after a longer label', () => {
    const text = '-----BEGIN X KEY-----\n-----END X KEYS-----\ndata\n  -----END X KEY-----\ntail\n';
    expect(removeNoise(text).spans).toEqual([{ kind: 'armor', start: text.indexOf('-----END X KEYS'), end: text.indexOf('tail') }]);
  });

  it('skips END lines of other labels to find its own, and keeps a BEGIN whose label never ends', () => {
    // A's END comes after an END of B; B's own block comes later. C never ends: it is text.
    const text = [
      '-----BEGIN A KEY-----',
      '-----END B KEY-----',
      'inside http://a.example/',
      '-----END A KEY-----',
      '-----BEGIN C KEY-----',
      'kept http://c.example/',
      '-----BEGIN B KEY-----',
      'www.b.example',
      '-----END B KEY-----',
      'after http://d.example/',
      '',
    ].join('\n');
    const { text: out, spans } = removeNoise(text);
    expect(spans).toEqual([
      { kind: 'armor', start: text.indexOf('-----END B'), end: text.indexOf('-----BEGIN C') },
      { kind: 'armor', start: text.indexOf('www.b'), end: text.indexOf('after') },
    ]);
    expect(out).not.toContain('http://a.example/');
    expect(out).toContain('-----BEGIN C KEY-----\nkept http://c.example/\n-----BEGIN B KEY-----\n');
    expect(out).toContain('after http://d.example/');
  });

  it('does not read a label longer than an armour label can be', () => {
    const label = `${'A'.repeat(200)} KEY`;
    const text = `-----BEGIN ${label}-----\nwww.a.example\n-----END ${label}-----\n`;
    expect(removeNoise(text).spans).toEqual([]);
  });

  it('finds the next END line right after looking one up by label', () => {
    // BEGIN A has no END: its look-up reads every END line. BEGIN Z's own END is the first
    // END Z after it, not the last END line of the text.
    const text = '-----BEGIN A KEY-----\n-----BEGIN Z KEY-----\ndata\n-----END B KEY-----\n-----END Z KEY-----\nsee http://x.example/\n-----END Z KEY-----\n';
    const { spans } = removeNoise(text);
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual(['data\n-----END B KEY-----\n-----END Z KEY-----\n']);
  });

  it('keeps many repeated unterminated armour lines as text', () => {
    const hostile = '-----BEGIN PGP MESSAGE-----\nx\n'.repeat(500);
    expect(removeNoise(hostile).spans).toEqual([]);
  });
});

describe('blankSpans', () => {
  // The slow path: every character of a span but CR and LF made a space, one by one.
  const blankOneByOne = (text: string, spans: Array<{ start: number; end: number }>): string =>
    [...text].map((char, at) => (spans.some((s) => at >= s.start && at < s.end) && char !== '\r' && char !== '\n' ? ' ' : char)).join('');

  it('blanks few or many spans, ASCII or not, as blanking character by character does', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '-', 'é', '日'), maxLength: 400 }),
        fc.array(fc.nat(), { maxLength: 80 }),
        fc.boolean(),
        (text, cuts, ascii) => {
          const input = ascii ? text.replace(/[^\x00-\x7f]/g, 'x') : text;
          const offsets = [...new Set(cuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
          const spans: NoiseSpan[] = [];
          for (let i = 0; i + 1 < offsets.length; i += 2) spans.push({ kind: 'base64', start: offsets[i]!, end: offsets[i + 1]! });
          expect(blankSpans(input, spans)).toBe(blankOneByOne(input, spans));
        },
      ),
    );
  });
});

describe('armour labels and headers, read in place', () => {
  // The regular expressions they stand for, on a slice.
  const ARMOR_LABEL = /^(?:PGP (?!SIGNED MESSAGE)[A-Z ,0-9/]+|[A-Z0-9 ]*(?:CERTIFICATE|KEY|SIGNATURE|CRL|REQUEST|PARAMETERS))$/;
  const ARMOR_HEADER = /^[A-Za-z][A-Za-z0-9-]*: /;
  const piece = fc.constantFrom('PGP ', 'SIGNED', ' MESSAGE', 'SIGNED MESSAGE', 'SIGNED MESS', 'KEY', 'CERTIFICATE', 'SIGNATURE', 'CRL', 'REQUEST', 'PARAMETERS', 'PRIVATE', ' ', ',', '/', '-', ':', ': ', 'a', 'Z', '0', '9', 'é', '\t', 'Ł', '[', '@', '`', '{');

  it('take a label as the regular expression does, wherever it sits in the text', () => {
    // The label ends inside "SIGNED MESSAGE": what follows it in the text is not looked at.
    expect(isArmorLabel('PGP SIGNED MESSAGE', 0, 15)).toBe(ARMOR_LABEL.test('PGP SIGNED MESS'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.string({ maxLength: 4 }), fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('AGE', 'SAGE-----')), (pieces, before, after) => {
        const label = pieces.join('');
        const text = `${before}${label}${after}`;
        expect(isArmorLabel(text, before.length, before.length + label.length)).toBe(ARMOR_LABEL.test(label));
      }),
      { numRuns: 3000 },
    );
  });

  it('take a header line as the regular expression does', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.string({ maxLength: 4 }), fc.nat(40), (pieces, before, cut) => {
        const line = pieces.join('');
        const text = `${before}${line}tail`;
        const to = before.length + Math.min(cut, line.length + 4);
        expect(isArmorHeader(text, before.length, to)).toBe(ARMOR_HEADER.test(text.slice(before.length, to)));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('mayHoldNoise, the check that lets a short part skip removeNoise', () => {
  it('is false only for texts in which removeNoise finds nothing', () => {
    // Lines that start or make noise (short base64 runs of three long lines and a short last one included), and prose.
    const line = fc.oneof(
      fc.constantFrom('begin 644 f.bin', 'M86)C9&5F', '`', 'end', '=ybegin line=128 size=10 name=x', '=yend size=10', '-----BEGIN X KEY-----', 'MIIB', '-----END X KEY-----'),
      fc.constantFrom(base64Line.slice(0, 40), base64Line.slice(0, 41), 'TWFu', 'a line of prose', 'http://a.example/', ''),
      fc.string({ maxLength: 50 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const text = lines.join(eol);
        if (!mayHoldNoise(text)) expect(removeNoise(text)).toEqual({ text, spans: [] });
      }),
      { numRuns: 3000 },
    );
    // A short part of prose is let through; three long base64 lines and a short one are not.
    expect(mayHoldNoise('some words of text, as a short note would have.\nhttp://a.example/\n')).toBe(false);
    const run = `${base64Line.slice(0, 40)}\n${base64Line.slice(0, 40)}\n${base64Line.slice(0, 40)}\nTWFu\n`;
    expect(removeNoise(run).spans).toHaveLength(1);
    expect(mayHoldNoise(run)).toBe(true);
  });
});
