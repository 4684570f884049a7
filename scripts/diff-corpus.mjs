#!/usr/bin/env node
// Compares two `urlsift --format jsonl` outputs of the same input (an old build's and a
// new one's) and counts the changed matches per class of issue 13. Usage:
//   node scripts/diff-corpus.mjs old.jsonl new.jsonl [--list CLASS]
// A match is the same in both when file, message, part, header and start offset agree;
// a changed match (same place, other URL or end) is counted once, by its class.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const [oldPath, newPath, flag, listClass] = process.argv.slice(2);
if (!oldPath || !newPath) {
  console.error('usage: diff-corpus.mjs old.jsonl new.jsonl [--list CLASS]');
  process.exit(2);
}

async function read(path) {
  const byPlace = new Map();
  for await (const line of createInterface({ input: createReadStream(path) })) {
    if (!line.startsWith('{')) continue;
    const m = JSON.parse(line);
    const where = `${m.file}\u0000${m.messageId ?? m.message}\u0000${m.part}\u0000${m.header}`;
    const key = `${where}\u0000${m.offset}`;
    byPlace.set(key, m);
  }
  return byPlace;
}

const LABEL = new Set(['tel', 'dav', 'cid', 'mid', 'urn', 'im', 'pres', 'opaquelocktoken']);
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3001-\u303f]/;

/** The class of a change: old match `a` (or undefined), new match `b` (or undefined). */
function classify(a, b) {
  const m = b ?? a;
  const notes = b?.notes ?? [];
  if (notes.includes('repaired-authority')) return 'repaired-authority';
  if (notes.includes('cut-at-quote')) return 'wrapper-quote';
  if (a && !b && LABEL.has(a.scheme) && (a.context === 'bare' || a.context === 'angle')) return 'label-scheme';
  if (!a && b && /^(git|svn|bzr)\+ssh:|^bzr:/i.test(b.url)) return 'composite-scheme';
  if (a && !b && a.context === 'schemeless') return /@/.test(a.url.replace(/^[a-z]+:\/\//, '').split(/[/?#]/)[0]) ? 'schemeless-userinfo' : 'schemeless-tld';
  if (a && b && a.url !== b.url) {
    const gone = a.url.startsWith(b.url) ? a.url.slice(b.url.length) : undefined;
    if (gone !== undefined) {
      if (CJK.test(gone)) return 'cjk';
      if (/^\[\d+\]/.test(gone) || /\[\d{1,3}\]$/.test(gone)) return 'footnote';
      if (/^-+$/.test(gone)) return 'trailing-hyphen';
      if (/^'s$/i.test(gone)) return 'possessive';
    }
    return 'changed-other';
  }
  if (!a && b) {
    if (/_/.test(b.parts?.host ?? '')) return 'host-underscore';
    if (CJK.test(b.url)) return 'cjk';
    if (/\[\d{1,3}\]/.test(b.raw ?? '') || b.context === 'bare') return 'new-bare';
    return 'new-other';
  }
  if (a && !b) {
    if (/[\u2e80-\uffef]/.test(a.url)) return 'cjk';
    if (/\[\d+\]/.test(a.url)) return 'footnote';
    return 'lost-other';
  }
  return 'other';
}

const before = await read(oldPath);
const after = await read(newPath);
const counts = new Map();
const examples = new Map();
const bump = (cls, a, b) => {
  counts.set(cls, (counts.get(cls) ?? 0) + 1);
  const list = examples.get(cls) ?? [];
  if (list.length < 5 || cls === listClass) list.push(`${(a ?? b).file.replace(/^.*\/corpus\//, '')}:${(a ?? b).line}  ${a ? a.url : '-'}  =>  ${b ? b.url : '-'}`);
  examples.set(cls, list);
};
for (const [key, a] of before) {
  const b = after.get(key);
  if (!b) bump(classify(a, undefined), a, undefined);
  else if (b.url !== a.url || b.endOffset !== a.endOffset) bump(classify(a, b), a, b);
}
for (const [key, b] of after) if (!before.has(key)) bump(classify(undefined, b), undefined, b);

console.log(`old: ${before.size} matches, new: ${after.size} matches`);
for (const [cls, n] of [...counts].sort((x, y) => y[1] - x[1])) {
  console.log(`${String(n).padStart(7)}  ${cls}`);
  if (flag !== '--list' || cls === listClass) for (const line of examples.get(cls) ?? []) console.log(`           ${line}`);
}
