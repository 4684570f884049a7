import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldValue, findField, parseHeader, parseHeaderAgain, type HeaderSection } from '../../src/sources/header.js';

const parse = (text: string) => {
  const bytes = Buffer.from(text, 'latin1');
  const section = parseHeader(bytes, 0, bytes.length);
  return { bytes, section, value: (key: string) => { const field = findField(section, key); return field && fieldValue(bytes, field); } };
};

describe('parseHeader (RFC 5322 §2.2)', () => {
  it('reads fields, unfolds continuation lines and finds the body', () => {
    const { section, value, bytes } = parse('Subject: a\r\n long one\r\nList-Post: <mailto:x@y>\r\n\r\nbody\r\n');
    expect(section.fields.map((field) => field.name)).toEqual(['Subject', 'List-Post']);
    expect(value('subject')).toBe('a long one');
    expect(section.terminated).toBe(true);
    expect(bytes.toString('latin1', section.bodyStart)).toBe('body\r\n');
    const post = section.fields[1]!;
    expect(bytes.toString('latin1', post.valueStart, post.valueEnd)).toBe(' <mailto:x@y>');
  });

  it('allows the obsolete white space before the colon (§4.5) and any name case', () => {
    const { section, value } = parse('X-URL : http://example.com/\nMESSAGE-ID: <a@b>\n\n');
    expect(section.fields.map((field) => field.key)).toEqual(['x-url', 'message-id']);
    expect(value('x-url')).toBe('http://example.com/');
  });

  it('starts the body at the first line that is not a field, as mail readers do', () => {
    const { section, bytes } = parse('From: a@b\nThis is not a field\nmore\n');
    expect(section.fields).toHaveLength(1);
    expect(section.terminated).toBe(false);
    expect(bytes.toString('latin1', section.bodyStart)).toBe('This is not a field\nmore\n');
  });

  it('reads a header section without a body to its end', () => {
    const { section } = parse('Subject: only');
    expect(section.fields).toHaveLength(1);
    expect(section.fields[0]!.valueEnd).toBe('Subject: only'.length);
    expect(section.terminated).toBe(false);
  });

  it('gives every field its name as written and in lower case, however names repeat and collide', () => {
    // Names are remembered across sections (header.ts, fieldNameSlot): many distinct names,
    // names differing only in case, and long lines, in sections parsed one after another.
    const name = fc.stringMatching(/^[!-9;-~]{1,40}$/);
    const line = fc.tuple(name, fc.constantFrom('', 'x', 'y'.repeat(200)), fc.boolean());
    fc.assert(
      fc.property(fc.array(fc.array(line, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 8 }), (sections) => {
        for (const lines of sections) {
          const text = lines.map(([fieldName, value, upper]) => `${upper ? fieldName.toUpperCase() : fieldName}: ${value}\n`).join('');
          const { section } = parse(`${text}\nbody`);
          expect(section.fields.map((field) => field.name)).toEqual(lines.map(([fieldName, , upper]) => (upper ? fieldName.toUpperCase() : fieldName)));
          expect(section.fields.map((field) => field.key)).toEqual(section.fields.map((field) => field.name.toLowerCase()));
        }
      }),
    );
  });
});

describe('parseHeaderAgain, a section read again for each body part', () => {
  /** A section's own fields and where it ended, as plain data. */
  const seen = (section: HeaderSection) => ({
    fields: section.fields.slice(0, section.count).map((field) => ({ ...field })),
    bodyStart: section.bodyStart,
    terminated: section.terminated,
  });

  it('reads each header as a fresh parseHeader does, after headers of more or fewer fields', () => {
    const line = fc.constantFrom('Content-Type: text/plain', 'X-Url: <http://a.example/>', 'Subject: a', ' folded', '\tfolded', 'not a field', '', 'A:', 'B :x');
    fc.assert(
      fc.property(fc.array(fc.array(line, { maxLength: 6 }), { maxLength: 8 }), fc.constantFrom('\n', '\r\n'), (headers, eol) => {
        const reused = parseHeader(Buffer.alloc(0), 0, 0);
        for (const lines of headers) {
          const bytes = Buffer.from(`${lines.join(eol)}${eol}body`, 'latin1');
          const fresh = parseHeader(bytes, 0, bytes.length);
          expect(fresh.count).toBe(fresh.fields.length);
          expect(seen(parseHeaderAgain(reused, bytes, 0, bytes.length))).toEqual(seen(fresh));
          expect(findField(reused, 'x-url')).toEqual(findField(fresh, 'x-url'));
        }
      }),
      { numRuns: 500 },
    );
  });
});
