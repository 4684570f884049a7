import { describe, expect, it } from 'vitest';
import { createWalkFilter } from '../../src/cli/exclude.js';

const ROOT = '/mail';
const filter = (globs: Partial<{ include: string[]; exclude: string[]; excludeDir: string[] }>) =>
  createWalkFilter({ include: [], exclude: [], excludeDir: [], ...globs }, ROOT);

describe('createWalkFilter', () => {
  it('reads everything without globs', () => {
    expect(filter({}).readsFile('/mail/a/b.txt')).toBe(true);
    expect(filter({}).skipsDirectory('/mail/.Sent')).toBe(false);
  });

  it('matches a glob without a slash against the name at any depth, as ripgrep does', () => {
    const f = filter({ exclude: ['*.expected', '?.bak'] });
    expect(f.readsFile('/mail/notes.expected')).toBe(false);
    expect(f.readsFile('/mail/deep/down/notes.expected')).toBe(false);
    expect(f.readsFile('/mail/a.bak')).toBe(false);
    expect(f.readsFile('/mail/ab.bak')).toBe(true);
    expect(f.readsFile('/mail/notes.txt')).toBe(true);
  });

  it('matches a glob with a slash against the path from the root', () => {
    const f = filter({ exclude: ['archive/2019/*', '/top.txt'] });
    expect(f.readsFile('/mail/archive/2019/jan.mbox')).toBe(false);
    expect(f.readsFile('/mail/old/archive/2019/jan.mbox')).toBe(true);
    expect(f.readsFile('/mail/top.txt')).toBe(false);
    expect(f.readsFile('/mail/sub/top.txt')).toBe(true);
  });

  it('--include keeps only matching files; --exclude still wins', () => {
    const f = filter({ include: ['*.mbox', '*.eml'], exclude: ['spam.*'] });
    expect(f.readsFile('/mail/x/inbox.mbox')).toBe(true);
    expect(f.readsFile('/mail/x/one.eml')).toBe(true);
    expect(f.readsFile('/mail/x/readme.txt')).toBe(false);
    expect(f.readsFile('/mail/spam.mbox')).toBe(false);
  });

  it('--exclude-dir names directories at any depth, Maildir++ folders included', () => {
    const f = filter({ excludeDir: ['.Trash', 'spool/**'] });
    expect(f.skipsDirectory('/mail/.Trash')).toBe(true);
    expect(f.skipsDirectory('/mail/sub/.Trash')).toBe(true);
    expect(f.skipsDirectory('/mail/.Sent')).toBe(false);
    expect(f.skipsDirectory('/mail/spool/comp.test')).toBe(true);
  });
});
