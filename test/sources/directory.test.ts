import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkDirectory } from '../../src/sources/directory.js';
import { displayPath } from '../../src/sources/file-path.js';
import { readDocuments } from '../../src/sources/read-input.js';
import { isMaildir, listMaildir } from '../../src/sources/maildir.js';
import { compareEntryNames, isArticleName } from '../../src/sources/spool.js';

const root = mkdtempSync(join(tmpdir(), 'urlsift-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function touch(path: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), 'x');
}

describe('directories', () => {
  it('orders article numbers by value, before other names', () => {
    expect(['10', 'b', '9', 'a', '100'].sort(compareEntryNames)).toEqual(['9', '10', '100', 'a', 'b']);
    expect(isArticleName('12345')).toBe(true);
    expect(isArticleName('12a')).toBe(false);
  });

  it('recognises Maildir folders (new/ then cur/, never tmp/) and spools, skipping hidden files', async () => {
    for (const path of ['mail/cur/2:2,S', 'mail/new/1', 'mail/tmp/partial', 'mail/dovecot.index', 'mail/.Sent/cur/3', 'mail/.Sent/new/.keep', 'news/comp.x/10', 'news/comp.x/9', 'news/comp.x/.overview', 'notes.txt']) touch(path);
    expect(await isMaildir(join(root, 'mail'))).toBe(true);
    expect((await listMaildir(join(root, 'mail'))).map((p) => relative(root, displayPath(p)))).toEqual(['mail/new/1', 'mail/cur/2:2,S']);
    const found = [];
    for await (const item of walkDirectory(root)) {
      if ('type' in item) throw new Error(item.detail);
      found.push(`${item.kind} ${relative(root, displayPath(item.path))}`);
    }
    expect(found).toEqual(['maildir mail/new/1', 'maildir mail/cur/2:2,S', 'maildir mail/.Sent/cur/3', 'spool news/comp.x/9', 'spool news/comp.x/10', 'auto notes.txt']);
  });

  it('gives an error record for an unreadable directory', async () => {
    const items = [];
    for await (const item of walkDirectory(join(root, 'missing'))) items.push(item);
    expect(items).toMatchObject([{ type: 'error', reason: 'read-failed' }]);
  });

  describe('symbolic links', () => {
    const tree = mkdtempSync(join(tmpdir(), 'urlsift-links-'));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    mkdirSync(join(tree, 'real/sub'), { recursive: true });
    writeFileSync(join(tree, 'real/a.txt'), 'x');
    writeFileSync(join(tree, 'real/sub/b.txt'), 'x');
    symlinkSync('..', join(tree, 'real/sub/up')); // a loop: back to real/
    symlinkSync('sub', join(tree, 'real/also-sub')); // a second way into real/sub
    symlinkSync('a.txt', join(tree, 'real/a-link.txt'));
    symlinkSync('missing', join(tree, 'real/dangling'));
    symlinkSync('self', join(tree, 'real/self'));

    const walked = async (follow?: boolean) => {
      const found: string[] = [];
      for await (const item of walkDirectory(join(tree, 'real'), { follow })) {
        found.push('type' in item ? `${item.reason} ${item.detail.replace(`${tree}/`, '')}` : relative(tree, displayPath(item.path)));
      }
      return found;
    };

    it('reads links to files, skips links to directories (as grep -r does), and reports broken links', async () => {
      expect(await walked()).toEqual([
        'real/a-link.txt',
        'real/a.txt',
        'broken-link real/dangling: broken symbolic link: its target does not exist',
        'broken-link real/self: broken symbolic link: a loop of symbolic links',
        'real/sub/b.txt',
      ]);
    });

    it('with follow, enters each directory once, by device and inode, so a loop ends', async () => {
      expect(await walked(true)).toEqual([
        'real/a-link.txt',
        'real/a.txt',
        'real/also-sub/b.txt',
        'broken-link real/dangling: broken symbolic link: its target does not exist',
        'broken-link real/self: broken symbolic link: a loop of symbolic links',
      ]);
    });
  });
});


describe('file names that are not valid UTF-8', () => {
  const tree = mkdtempSync(join(tmpdir(), 'urlsift-names-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  // "café" in ISO-8859-1: E9 is no UTF-8 sequence. A directory and a file inside it.
  const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
  const dirBytes = Buffer.concat([Buffer.from(`${tree}/`), latin1('r\xe9sum\xe9')]);
  let made = true;
  try {
    mkdirSync(dirBytes);
    writeFileSync(Buffer.concat([dirBytes, latin1('/caf\xe9.txt')]), 'x');
    writeFileSync(Buffer.concat([dirBytes, Buffer.from('/plain.txt')]), 'x');
  } catch {
    made = false; // some file systems (and macOS) refuse such names
  }

  it.skipIf(!made)('are walked as bytes and shown with %XX (skipped: the file system refused a name that is not UTF-8)', async () => {
    const walked = async (root: string | Buffer) => {
      const found: Array<{ shown: string; isBytes: boolean }> = [];
      for await (const item of walkDirectory(root)) {
        if ('type' in item) throw new Error(item.detail);
        found.push({ shown: relative(tree, displayPath(item.path)), isBytes: Buffer.isBuffer(item.path) });
        // The path opens the file: the bytes went through unchanged.
        expect(readFileSync(item.path, 'utf8')).toBe('x');
      }
      return found;
    };
    // From the parent (a string): the directory's own name is bytes, so is every path below it.
    expect(await walked(tree)).toEqual([
      { shown: 'r%E9sum%E9/caf%E9.txt', isBytes: true },
      { shown: 'r%E9sum%E9/plain.txt', isBytes: true },
    ]);
    // From the directory itself, named by its bytes.
    expect((await walked(dirBytes)).map((found) => found.shown)).toEqual(['r%E9sum%E9/caf%E9.txt', 'r%E9sum%E9/plain.txt']);
    // The library reads them too, and names them the same way.
    const files: Array<string | undefined> = [];
    for await (const item of readDocuments(tree)) files.push(relative(tree, item.type === 'error' ? item.detail : (item.origin.file ?? '')));
    expect(files).toEqual(['r%E9sum%E9/caf%E9.txt', 'r%E9sum%E9/plain.txt']);
  });
});
