import { describe, expect, it } from 'vitest';
import { isGzip, sniffBytes } from '../../src/sources/sniff.js';

const sniff = (text: string) => sniffBytes(Buffer.from(text, 'latin1'));

describe('sniffBytes', () => {
  it('tells rnews batches, mailboxes, articles and messages from text', () => {
    expect(sniff('#! rnews 120\nPath: a\n')).toBe('rnews');
    expect(sniff('From alice@example.com Mon Jan  1 00:00:00 2001\nSubject: x\n\n')).toBe('mbox');
    expect(sniff('From jeff at jamcupboard.co.uk  Tue Mar  1 12:48:58 2005\nFrom: jeff\n')).toBe('mbox');
    expect(sniff('From MAILER-DAEMON\nReturn-Path: <>\n\n')).toBe('mbox');
    expect(sniff('Xref: host sci.space:1\nPath: a!b\nNewsgroups: sci.space\nMessage-ID: <x@y>\n\nbody')).toBe('news');
    expect(sniff('Return-Path: <a@b>\nSubject: hi\nFrom: a@b\n\nbody')).toBe('eml');
  });

  it('reads prose as text, even when it starts like a header or with "From "', () => {
    expect(sniff('From the desk of the editor: welcome.\nThis issue...\n')).toBe('text');
    expect(sniff('Note: this is prose.\nIt goes on for a while.\n')).toBe('text');
    expect(sniff('Network Working Group    J. Postel\nRequest for Comments: 791\n')).toBe('text');
    expect(sniff('')).toBe('text');
  });

  it('recognises gzip by its magic number (RFC 1952 §2.3.1)', () => {
    expect(isGzip(Buffer.from([0x1f, 0x8b, 8]))).toBe(true);
    expect(isGzip(Buffer.from('From '))).toBe(false);
  });
});
