// File URLs: RFC 1738 §3.10 and §5 (strict), RFC 8089 with its Appendix F forms (lenient);
// every file example of RFC 1738, RFC 3986 and RFC 8089.
import { acceptAll, rejectAll } from './scheme-table.js';

const FILEURL = 'fileurl = "file://" [ host | "localhost" ] "/" fpath';
const FILE_8089 = 'RFC 8089 §2: file-hier-part = ( "//" auth-path ) / local-path';
const APPENDIX_F = 'RFC 8089 Appendix F: local-path = [ drive-letter ] path-absolute / file-absolute';

acceptAll('RFC 1738 and RFC 3986 examples', [
  {
    bnf: `${FILEURL}; §3.10 VMS example`,
    url: 'file://vms.host.edu/disk$user/my/notes/note12345.txt',
    parts: { scheme: 'file', host: 'vms.host.edu', path: '/disk$user/my/notes/note12345.txt' },
    absent: ['port', 'user'],
  },
  { bnf: `${FILEURL}; §3.10: <host> "can be the string "localhost""`, url: 'file://localhost/etc/motd', parts: { host: 'localhost', path: '/etc/motd' } },
  { bnf: `${FILEURL}; §3.10: "or the empty string"; RFC 3986 §1.1`, url: 'file:///etc/hosts', parts: { host: '', path: '/etc/hosts' } },
]);

acceptAll('RFC 8089 Appendix B and F examples', [
  { bnf: `${FILE_8089}; Appendix B: "file:///path/to/file"`, url: 'file:///path/to/file', parts: { host: '', path: '/path/to/file' } },
  { bnf: `${FILE_8089}; Appendix B: "file:/path/to/file"`, url: 'file:/path/to/file', modes: ['lenient'], parts: { path: '/path/to/file' }, absent: ['host'] },
  { bnf: `${FILE_8089}; Appendix B`, url: 'file://host.example.com/path/to/file', parts: { host: 'host.example.com', path: '/path/to/file' } },
  { bnf: `${APPENDIX_F}: drive-letter = ALPHA ":"`, url: 'file:c:/path/to/file', modes: ['lenient'], parts: { path: 'c:/path/to/file' }, absent: ['host'] },
  { bnf: `${APPENDIX_F}; Appendix E.2`, url: 'file:///c:/path/to/file', parts: { host: '', path: '/c:/path/to/file' } },
  { bnf: `${APPENDIX_F}; drive-letter = ALPHA "|" (RFC 1738 §2.2: "|" is unsafe)`, url: 'file:///c|/path/to/file', modes: ['lenient'], parts: { host: '', path: '/c|/path/to/file' }, notes: ['unsafe-char'] },
  { bnf: `${APPENDIX_F}; drive-letter = ALPHA "|"`, url: 'file:/c|/path/to/file', modes: ['lenient'], parts: { path: '/c|/path/to/file' }, notes: ['unsafe-char'] },
  { bnf: `${APPENDIX_F}; drive-letter = ALPHA "|"`, url: 'file:c|/path/to/file', modes: ['lenient'], parts: { path: 'c|/path/to/file' }, notes: ['unsafe-char'] },
  { bnf: 'RFC 8089 Appendix E.3.2: UNC with an empty authority', url: 'file:////host.example.com/path/to/file', parts: { host: '', path: '//host.example.com/path/to/file' } },
  { bnf: 'RFC 8089 Appendix E.3.2: "with an extra slash"', url: 'file://///host.example.com/path/to/file', parts: { host: '', path: '///host.example.com/path/to/file' } },
  { bnf: 'RFC 8089 Appendix E.3.1 UNC', url: 'file://host.example.com/Share/path/to/file.txt', parts: { host: 'host.example.com', path: '/Share/path/to/file.txt' } },
  { bnf: 'RFC 8089 Appendix E.2', url: 'file:///c:/path/to/file.txt', parts: { path: '/c:/path/to/file.txt' } },
  { bnf: 'RFC 8089 Appendix E.2', url: 'file:///c:/some/other/thing.bmp', parts: { path: '/c:/some/other/thing.bmp' } },
  { bnf: 'RFC 8089 Appendix E.2', url: 'file:///c:/foo.txt', parts: { path: '/c:/foo.txt' } },
  { bnf: 'RFC 8089 Appendix E.2', url: 'file:///c:/bar.txt', parts: { path: '/c:/bar.txt' } },
  { bnf: 'RFC 8089 Appendix E.4: backslashes are forbidden but seen', url: 'file:///C:\\dos\\x.txt', modes: ['lenient'], parts: { path: '/C:\\dos\\x.txt' }, notes: ['unsafe-char'] },
  { bnf: 'RFC 8089 Appendix F: file-auth = [ userinfo "@" ] host', url: 'file://user@host.example/x', modes: ['lenient'], parts: { user: 'user', host: 'host.example' }, notes: ['userinfo'] },
  { bnf: 'fsegment: "?" is a path character in RFC 1738', url: 'file:///a?b', modes: ['strict'], parts: { path: '/a?b' }, absent: ['search'] },
  { bnf: 'RFC 3986 §3.4 query', url: 'file:///a?b', modes: ['lenient'], parts: { path: '/a', search: 'b' } },
  { bnf: 'RFC 1738 §6: a NUL can cut a path short', url: 'file:///etc/passwd%00.txt', parts: { path: '/etc/passwd%00.txt' }, notes: ['encoded-control'] },
]);

rejectAll('near misses', [
  { bnf: `${FILEURL}: "/" fpath is required`, url: 'file://host.example', reason: 'bad-path' },
  { bnf: `${FILEURL}: host, not hostport`, url: 'file://host.example:80/x', reason: 'bad-port' },
  { bnf: APPENDIX_F, url: 'file:relative/path', modes: ['lenient'], reason: 'bad-path' },
  { bnf: FILEURL, url: 'file:', reason: 'empty' },
  { bnf: `${FILEURL}: "file://" only`, url: 'file:/path/to/file', modes: ['strict'], reason: 'missing-authority' },
  { bnf: 'host', url: 'file://ho st/x', reason: 'bad-host' },
  { bnf: 'fsegment: no space', url: 'file:///a b', reason: 'bad-char' },
  { bnf: `${FILEURL}: no user name`, url: 'file://user@host.example/x', modes: ['strict'], reason: 'unexpected-userinfo' },
  { bnf: 'fsegment: "|" is unsafe', url: 'file:///c|/path/to/file', modes: ['strict'], reason: 'bad-char' },
]);
