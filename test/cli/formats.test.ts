import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, csvRecord, foundCsv, foundJson, foundRecord, foundText, FORMATS, jsonString, printable, recordJson, terminalSafeJson, toOutputRecord, type OutputRecord } from '../../src/cli/formats.js';
import type { DocumentOrigin } from '../../src/sources/origin.js';
import type { ScanMatch } from '../../src/extract.js';

const match: ScanMatch = {
  type: 'match',
  url: 'ftp://anna:s3cret@files.example.org/a,b',
  raw: 'ftp://anna:s3cret@files.example.org/a,b',
  scheme: 'ftp',
  context: 'bare',
  position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 40, offset: 39 } },
  alternatives: ['ftp://anna:s3cret@files.example.org/a,'],
  notes: ['password'],
  parts: { scheme: 'ftp', user: 'anna', password: 's3cret', host: 'files.example.org', port: 21, path: '/a,b', notes: ['password'] },
  origin: {
    file: 'box.mbox',
    input: 'mbox',
    message: 3,
    messageOffset: 1000,
    messageId: '<id@example.org>',
    part: '1.2',
    position: { start: { line: 40, column: 5, offset: 1200 }, end: { line: 40, column: 44, offset: 1239 } },
    exact: true,
  },
};

describe('toOutputRecord', () => {
  it('takes line, column and offset from the raw file, nulls for what does not apply', () => {
    const record = toOutputRecord(match, false);
    expect(record).toMatchObject({
      file: 'box.mbox',
      line: 40,
      column: 5,
      endLine: 40,
      endColumn: 44,
      offset: 1200,
      endOffset: 1239,
      exact: true,
      message: 3,
      messageId: '<id@example.org>',
      newsgroups: null,
      part: '1.2',
      header: null,
    });
  });

  it('masks the password everywhere with redact', () => {
    const record = toOutputRecord(match, true);
    expect(JSON.stringify(record)).not.toContain('s3cret');
    expect(record.url).toBe('ftp://anna:****@files.example.org/a,b');
    expect(record.alternatives).toEqual(['ftp://anna:****@files.example.org/a,']);
    expect(record.parts.password).toBe('****');
    expect(match.parts.password).toBe('s3cret'); // the match itself is left as it was
  });

  it('names standard input -', () => {
    const { file: _file, ...origin } = match.origin;
    expect(toOutputRecord({ ...match, origin }, false).file).toBe('-');
  });
});

describe('formats', () => {
  const record: OutputRecord = toOutputRecord(match, false);

  it('text is grep style: file:line:column<TAB>url', () => {
    expect(FORMATS.text.format(record)).toBe('box.mbox:40:5\tftp://anna:s3cret@files.example.org/a,b\n');
  });

  it('csv quotes the fields with commas and joins lists with spaces', () => {
    const row = FORMATS.csv.format(record);
    expect(row).toBe('"ftp://anna:s3cret@files.example.org/a,b",ftp,bare,box.mbox,40,5,40,44,1200,1239,true,3,<id@example.org>,,1.2,,"ftp://anna:s3cret@files.example.org/a,",password\n');
  });

  it('json is one array, with separators between records only', () => {
    const json = FORMATS.json;
    expect(JSON.parse(json.header + json.format(record) + json.separator + json.format(record) + json.footer(2))).toHaveLength(2);
    expect(JSON.parse(json.header + json.footer(0))).toEqual([]);
  });

  it('jsonl is one JSON object a line', () => {
    expect(JSON.parse(FORMATS.jsonl.format(record))).toEqual(record);
    expect(FORMATS.jsonl.format(record).endsWith('}\n')).toBe(true);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('%j is written %j (RFC 4180 §2)', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes null as nothing, numbers and booleans as text, lists joined with spaces', () => {
    expect([csvField(null), csvField(12), csvField(false), csvField(['a', 'b'])]).toEqual(['', '12', 'false', 'a b']);
  });
});

describe('csvField against spreadsheet formulas (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/")', `"'=HYPERLINK(""http://evil.example/"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', '%09x'], // a tab is escaped first, and then starts nothing
  ])('%j is written %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('leaves numbers, the standard-input name "-" and other text alone', () => {
    expect([csvField(-1), csvField('-'), csvField('http://a.example/=x')]).toEqual(['-1', '-', 'http://a.example/=x']);
  });

  it('escapes control and bidi characters but keeps line breaks in the quoted field', () => {
    expect(csvField('a\u001b[2Jb\u202ec\nd')).toBe('"a%1B[2Jb%E2%80%AEc\nd"');
  });
});

describe('recordJson', () => {
  const lines = { line: 'see ftp://anna:s3cret@files.example.org/a,b \u202e', matchStart: 4, matchEnd: 43, before: ['one', 'two'], after: [] };
  const plain = toOutputRecord(match, false);
  const variants: Array<OutputRecord & { jobOffset?: number }> = [
    plain,
    { jobOffset: 4096, ...plain },
    { ...plain, message: null, messageId: null, part: null, newsgroups: ['comp.mail', 'news.admin'], header: 'List-Post', alternatives: [], notes: [], exact: false },
    { ...plain, file: 'evil\u202egpj\u009b', url: 'http://a.example/"q"\\' },
  ];

  it.each(variants.map((record, i) => [i, record] as const))('writes what JSON.stringify of the spread record writes (variant %i)', (_i, record) => {
    for (const context of [false, true]) {
      for (const shown of [lines, null]) {
        const extra: Record<string, unknown> = { lineText: shown ? shown.line : null };
        if (context) {
          extra.linesBefore = shown ? shown.before : [];
          extra.linesAfter = shown ? shown.after : [];
        }
        expect(recordJson(record, shown, context)).toBe(terminalSafeJson({ ...record, ...extra }));
      }
    }
  });

  it('writes what JSON.stringify writes for records one after another, any field holding a control or bidi character', () => {
    // The file, Message-ID, part, header, scheme and context keep their last JSON, and each
    // piece is checked apart: records in a row must not take anything from the one before.
    // Mostly plain text, now and then a character to escape, so that one field alone has one.
    const text = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('a', 'b', '', '"', '\\', '\n', 'é') },
      { weight: 1, arbitrary: fc.constantFrom('\u202e', 'x\u009b', '\u007f', 'a\u2066b', '\u0085', '\ud83d', 'a\ude00', '\ud83d\ude00', '\u2028') },
    );
    const nullable = fc.option(text, { nil: null });
    const list = fc.array(text, { maxLength: 2 });
    const record = fc.record({
      url: text, scheme: text, context: text, file: text, messageId: nullable, part: nullable, header: nullable,
      newsgroups: fc.option(list, { nil: null }), alternatives: list, notes: list, path: text,
    });
    const shown = fc.option(fc.record({ line: text, before: list, after: list }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.tuple(record, shown, fc.boolean()), { minLength: 1, maxLength: 6 }), (rows) => {
        for (const [fields, lines, context] of rows) {
          const { path, ...rest } = fields;
          const built: OutputRecord = { ...plain, ...rest, parts: { ...plain.parts, path } };
          const matchLines = lines ? { ...lines, matchStart: 0, matchEnd: 0 } : null;
          const extra: Record<string, unknown> = { lineText: lines ? lines.line : null };
          if (context) {
            extra.linesBefore = lines ? lines.before : [];
            extra.linesAfter = lines ? lines.after : [];
          }
          expect(recordJson(built, matchLines, context)).toBe(terminalSafeJson({ ...built, ...extra }));
        }
      }),
    );
  });
});

describe('recordJson with records that share a URL', () => {
  it('writes each record\'s own parts when the same URL comes with other parts (kept JSON is checked, never trusted)', () => {
    const plain = toOutputRecord(match, false);
    const variants: OutputRecord[] = [
      plain,
      { ...plain, parts: { ...plain.parts, port: 2121 } },
      { ...plain, parts: { ...plain.parts, notes: ['password', 'nondefault-port'] } },
      { ...plain, parts: { scheme: 'ftp', host: 'files.example.org', user: 'anna', password: 's3cret', port: 21, path: '/a,b', notes: ['password'] } },
      { ...plain, parts: { ...plain.parts, fields: { a: 'b' } } },
      { ...plain, parts: { ...plain.parts, fields: { a: 'c' } } },
      // Objects with no prototype (the mailto parser's fields) are compared as plain ones.
      { ...plain, parts: { ...plain.parts, fields: Object.assign(Object.create(null) as object, { a: 'b' }) } },
      { ...plain, parts: { ...plain.parts, fields: Object.assign(Object.create(null) as object, { a: 'b' }) } },
      { ...plain, parts: { ...plain.parts, fields: Object.assign(Object.create(null) as object, { a: 'c' }) } },
      { ...plain, parts: { ...plain.parts, fields: Object.assign(Object.create(null) as object, { b: 'c', a: 'c' }) } },
      { ...plain, parts: { ...plain.parts, fields: Object.assign(Object.create(null) as object, { a: 'c', b: 'c' }) } },
      { ...plain, parts: { ...plain.parts, cwd: ['a'] } },
      // Kept parts are read back from their JSON: values JSON writes otherwise (a function,
      // undefined, NaN, a Date with its toJSON, -0) must not make later parts look the same.
      { ...plain, parts: { ...plain.parts, port: NaN } },
      { ...plain, parts: { ...plain.parts, port: null } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, port: NaN } },
      { ...plain, parts: { ...plain.parts, port: -0 } },
      { ...plain, parts: { ...plain.parts, port: 0 } },
      { ...plain, parts: { ...plain.parts, when: new Date(0) } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, when: new Date(0).toJSON() } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, when: new Date(0) } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, cwd: ['a', undefined] } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, cwd: ['a', null] } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, toJSON: () => ({ x: 1 }) } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { x: 1 } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, read: () => 1 } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, read: () => 1 } as unknown as OutputRecord['parts'] },
      { ...plain, parts: { ...plain.parts, fragment: undefined } },
      { ...plain, parts: { ...plain.parts, fragment: undefined } },
      { ...plain, parts: { ...plain.parts, cwd: ['a', ''] } },
      toOutputRecord(match, true),
      plain,
    ];
    for (const record of [...variants, ...variants.reverse()]) {
      expect(recordJson(record, null, false)).toBe(terminalSafeJson({ ...record, lineText: null }));
    }
  });
});

describe('jsonString', () => {
  it('writes what terminalSafeJson writes for any string, lone surrogates and bidi controls included', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      expect(jsonString(text)).toBe(terminalSafeJson(text));
    }));
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '"', '\\', '\u0000', '\u001f', '\u007f', '\u009f', '\u00a0', '\u061c', '\u200e', '\u202e', '\u2069', '\u206a', '\ud800', '\udfff', '\ue000') }), (text) => {
      expect(jsonString(text)).toBe(terminalSafeJson(text));
    }));
  });
});

describe('csvRecord', () => {
  it('writes what csvField writes column by column, for records one after another', () => {
    // The file, Message-ID, part, header, scheme and context keep their last CSV text:
    // records in a row must not take anything from the one before.
    const text = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('a', '', '-', 'a,b', '"q"', "'x", '=1+2', '\n', 'é') },
      { weight: 1, arbitrary: fc.constantFrom('\u202e', 'x\u009b', '\u007f', '\tx', '@a', '+1') },
    );
    const nullable = fc.option(text, { nil: null });
    const list = fc.array(text, { maxLength: 2 });
    const number = fc.oneof(fc.nat(), fc.constantFrom(-1, 0.5, NaN, Infinity));
    const record = fc.record({
      url: text, scheme: text, context: text, file: text, messageId: nullable, part: nullable, header: nullable,
      newsgroups: fc.option(list, { nil: null }), alternatives: list, notes: list,
      line: number, column: number, endLine: number, endColumn: number, offset: number, endOffset: number,
      message: fc.option(number, { nil: null }), exact: fc.boolean(),
    });
    const plain = toOutputRecord(match, false);
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), (rows) => {
        for (const fields of rows) {
          const built: OutputRecord = { ...plain, ...fields };
          expect(csvRecord(built)).toBe(`${CSV_COLUMNS.map((column) => csvField(built[column])).join(',')}\n`);
        }
      }),
    );
  });
});

describe('foundJson, foundCsv and foundText (records written with no record object)', () => {
  const sample = match;
  it('write what recordJson, csvRecord and the plain text formats write of foundRecord, for matches one after another in documents that share or change fields', () => {
    // Each document's shared fields are written once and kept while its origin object stays
    // the same: a match of the next document, or of one with equal fields, must not take them.
    const text = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('a', '', '-', 'a,b', '"q"', '=1', '\n', 'é') },
      { weight: 1, arbitrary: fc.constantFrom('\u202e', 'x\u009b', '\u007f', '\ud83d') },
    );
    const optional = fc.option(text, { nil: undefined });
    const list = fc.array(text, { maxLength: 2 });
    const origin = fc.record(
      {
        file: optional, input: fc.constantFrom('mbox' as const, 'text' as const), message: fc.option(fc.nat(), { nil: undefined }),
        messageId: optional, newsgroups: fc.option(list, { nil: undefined }), part: optional, header: optional,
      },
      { requiredKeys: ['input'] },
    );
    const point = fc.record({ line: fc.nat(), column: fc.nat(), offset: fc.nat() });
    const found = fc.record({ url: text, scheme: text, alternatives: list, notes: list, path: text });
    const lines = fc.option(fc.record({ line: text, before: list, after: list }), { nil: null });
    const row = fc.record({
      found, context: fc.constantFrom('bare' as const, 'angle' as const, 'html-attr' as const), start: point, end: point, exact: fc.boolean(), lines,
      withContext: fc.boolean(), jobOffset: fc.option(fc.nat(), { nil: undefined }), document: fc.nat({ max: 2 }),
    });
    fc.assert(
      fc.property(fc.array(origin, { minLength: 3, maxLength: 3 }), fc.array(row, { minLength: 1, maxLength: 8 }), (origins: DocumentOrigin[], rows) => {
        for (const { found: { path, ...reading }, context, start, end, exact, lines: shown, withContext, jobOffset, document } of rows) {
          const origin = origins[document] as DocumentOrigin;
          const match = { ...reading, parts: { ...sample.parts, path } };
          const record = foundRecord(match, context, origin, start, end, exact, false);
          const matchLines = shown ? { ...shown, matchStart: 0, matchEnd: 0 } : null;
          const slow = recordJson(jobOffset === undefined ? record : { jobOffset, ...record }, matchLines, withContext);
          expect(foundJson(match, context, origin, start, end, exact, matchLines, withContext, jobOffset)).toBe(slow);
          expect(foundCsv(match, context, origin, start, end, exact)).toBe(csvRecord(record));
          expect(foundText(match, origin, start, false)).toBe(FORMATS.text.format(record));
          expect(foundText(match, origin, start, true)).toBe(FORMATS.urls.format(record));
        }
      }),
    );
  });
});

describe('terminal safety of JSON', () => {
  it('writes DEL, C1 and bidi controls as \\u escapes that read back to the same value', () => {
    const nasty = { ...toOutputRecord(match, false), file: 'evil\u202egpj.exe\u009b\u007f', header: 'x\u2066y' };
    const line = FORMATS.jsonl.format(nasty);
    expect(line).toContain('evil\\u202egpj.exe\\u009b\\u007f');
    expect(line).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(JSON.parse(line)).toEqual(nasty);
    expect(JSON.parse(`${FORMATS.json.header}${FORMATS.json.format(nasty)}${FORMATS.json.footer(1)}`)).toEqual([nasty]);
  });
});

describe('printable', () => {
  it('percent-encodes bidi controls as UTF-8, so a line cannot be reordered', () => {
    expect(printable('a\u202eb\u2066c\u200fd\u061ce')).toBe('a%E2%80%AEb%E2%81%A6c%E2%80%8Fd%D8%9Ce');
    expect(printable('a\nb', true)).toBe('a\nb');
    expect(printable('a\nb')).toBe('a%0Ab');
  });

  it('percent-encodes control characters so that output cannot drive the terminal', () => {
    expect(printable('a\u001b[31mb\u0007\u009bc\u007f')).toBe('a%1B[31mb%07%C2%9Bc%7F');
    expect(printable('http://example.org/café')).toBe('http://example.org/café');
  });
});
