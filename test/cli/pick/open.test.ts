// Opening a URL: the command's words, the URL as one argument, and when to ask first.
import { describe, expect, it } from 'vitest';
import { confirmationReason, openCommand, openerWords, splitCommand } from '../../../src/cli/pick/open.js';
import type { PickItem } from '../../../src/cli/pick/list.js';

const item = (url: string, notes: string[] = []): PickItem => ({ readings: [url], scheme: url.slice(0, url.indexOf(':')), context: 'bare', notes, lines: [] });

describe('splitCommand', () => {
  it('splits on blanks and honours quotes and backslashes, with no shell', () => {
    expect(splitCommand(`firefox --new-tab`)).toEqual(['firefox', '--new-tab']);
    expect(splitCommand(`"/opt/My Browser/run" -x 'a b' c\\ d ""`)).toEqual(['/opt/My Browser/run', '-x', 'a b', 'c d', '']);
  });
});

describe('openerWords', () => {
  it('prefers --run, then the first command of $BROWSER, then the platform opener', () => {
    expect(openerWords('lynx -dump', { BROWSER: 'w3m' }, 'linux')).toEqual(['lynx', '-dump']);
    expect(openerWords(undefined, { BROWSER: 'w3m:lynx' }, 'linux')).toEqual(['w3m']);
    expect(openerWords(undefined, {}, 'linux')).toEqual(['xdg-open']);
    expect(openerWords(undefined, { BROWSER: '' }, 'darwin')).toEqual(['open']);
  });
});

describe('openCommand', () => {
  const hostile = "http://x.example/a;rm -rf ~;'$(reboot)'`id` b";

  it('appends the URL as one argument when there is no %s', () => {
    expect(openCommand(['lynx'], hostile)).toEqual({ file: 'lynx', args: [hostile] });
  });

  it('replaces %s inside the word that holds it, still one argument', () => {
    expect(openCommand(['browser', '--url=%s', '-q'], hostile)).toEqual({ file: 'browser', args: [`--url=${hostile}`, '-q'] });
  });
});

describe('confirmationReason', () => {
  it('lets an allowlisted URL without a password open at once', () => {
    expect(confirmationReason(item('https://example.org/'), 'https://example.org/')).toBeUndefined();
  });

  it('asks for a URL that carries a password', () => {
    expect(confirmationReason(item('ftp://me:secret@ftp.example/', ['password']), 'ftp://me:secret@ftp.example/')).toMatch(/password/);
  });

  it('asks for schemes outside the allowlist, and for code schemes even when allowed', () => {
    expect(confirmationReason(item('file:///etc/passwd'), 'file:///etc/passwd')).toMatch(/"file"/);
    expect(confirmationReason(item('javascript:alert(1)'), 'javascript:alert(1)', ['javascript'])).toMatch(/"javascript"/);
  });
});
