import { describe, expect, it } from 'vitest';
import { PASSWORD_MASK, redactUrl } from '../../src/cli/redact.js';

describe('redactUrl', () => {
  it.each([
    ['ftp://anna:s3cret@files.example.org/private/', `ftp://anna:${PASSWORD_MASK}@files.example.org/private/`],
    // RFC 3986 §3.2.1: the first ":" ends the user name; the password runs to the last "@".
    ['telnet://u:pa:ss@host.example.org', `telnet://u:${PASSWORD_MASK}@host.example.org`],
    ['http://u:p@ss@host.example.org:8080/x?y=a:b@c', `http://u:${PASSWORD_MASK}@host.example.org:8080/x?y=a:b@c`],
  ])('masks the password of %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it.each([
    'http://host.example.org:8080/path',
    'http://user@host.example.org/',
    'http://user:@host.example.org/',
    'mailto:someone@example.org',
    'http://host.example.org/a:b@c',
    'news:comp.mail.misc',
    'not a url',
  ])('leaves %s alone: no password in its authority', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
