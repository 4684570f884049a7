// RFC 1738 §3.1 login = [ user [ ":" password ] "@" ] hostport, as each scheme restricts it.
import { describe, expect, it } from 'vitest';
import { MAX_PORT, parseLogin, type LoginRules } from '../../src/schemes/login.js';
import type { ParseState } from '../../src/schemes/parsed.js';

function login(authority: string, rules: LoginRules, strict = false) {
  const state: ParseState = { url: `x://${authority}/`, scheme: 'x', strict, notes: [] };
  const result = parseLogin(state, 4, 4 + authority.length, rules);
  return { result, notes: [...state.notes].sort() };
}

const FTP: LoginRules = { userinfo: 'allowed', defaultPort: 21 };
const HTTP: LoginRules = { userinfo: 'lenient', defaultPort: 80 };
const GOPHER: LoginRules = { userinfo: 'never', defaultPort: 70 };

describe('parseLogin', () => {
  it('reads user, password, host and port, and fills in the default port', () => {
    expect(login('me:pw@host.example:2121', FTP)).toEqual({
      result: { user: 'me', password: 'pw', host: 'host.example', port: 2121 },
      notes: ['nondefault-port', 'password'],
    });
    expect(login('host.example', FTP)).toEqual({ result: { host: 'host.example', port: 21 }, notes: [] });
  });
  it('fills in no port when the scheme has no default and none is given', () => {
    expect(login('host.example', { userinfo: 'allowed' }).result).toEqual({ host: 'host.example' });
    expect(login('host.example:99', { userinfo: 'allowed' })).toEqual({ result: { host: 'host.example', port: 99 }, notes: [] });
  });
  it('tells an empty user and an empty password from none (RFC 1738 §3.1)', () => {
    expect(login('@h.example', FTP).result).toEqual({ user: '', host: 'h.example', port: 21 });
    expect(login('u:@h.example', FTP)).toEqual({ result: { user: 'u', password: '', host: 'h.example', port: 21 }, notes: ['password'] });
  });
  it('splits at the last "@" and the first ":" of the user info', () => {
    expect(login('u:p:q@h.example', FTP).result).toMatchObject({ user: 'u', password: 'p:q' });
    expect(login('u:p:q@h.example', FTP, true).result).toHaveProperty('reason', 'bad-char');
    expect(login('a@b@h.example', FTP).result).toMatchObject({ reason: 'bad-char', offset: 5 });
  });
  it('userinfo "lenient": accepted and noted in lenient mode, refused in strict mode', () => {
    expect(login('u@h.example', HTTP)).toEqual({ result: { user: 'u', host: 'h.example', port: 80 }, notes: ['userinfo'] });
    expect(login('u@h.example', HTTP, true).result).toMatchObject({ reason: 'unexpected-userinfo', scheme: 'x', offset: 4 });
  });
  it('userinfo "never": refused in both modes', () => {
    for (const strict of [false, true]) expect(login('u@h.example', GOPHER, strict).result).toHaveProperty('reason', 'unexpected-userinfo');
  });
  it(`ports are 0–${MAX_PORT}; an empty port is RFC 3986 only`, () => {
    expect(login(`h.example:${MAX_PORT}`, FTP).result).toHaveProperty('port', MAX_PORT);
    expect(login(`h.example:${MAX_PORT + 1}`, FTP).result).toMatchObject({ reason: 'bad-port', offset: 14 });
    expect(login('h.example:00021', FTP)).toEqual({ result: { host: 'h.example', port: 21 }, notes: [] });
    expect(login('h.example:', FTP)).toEqual({ result: { host: 'h.example', port: 21 }, notes: [] });
    expect(login('h.example:', FTP, true).result).toHaveProperty('reason', 'bad-port');
    expect(login('h.example:1e3', FTP).result).toHaveProperty('reason', 'bad-port');
    expect(login(`h.example:${'9'.repeat(1000)}`, FTP).result).toHaveProperty('reason', 'bad-port');
  });
  it('port false: any port is refused', () => {
    expect(login('h.example:80', { userinfo: 'allowed', port: false }).result).toHaveProperty('reason', 'bad-port');
  });
  it('an empty host: empty-host, unless allowed', () => {
    expect(login('', FTP).result).toHaveProperty('reason', 'empty-host');
    expect(login('u@:21', FTP).result).toHaveProperty('reason', 'empty-host');
    expect(login('', { userinfo: 'allowed', allowEmptyHost: true }).result).toEqual({ host: '' });
  });
  it('IP literals: the port follows "]"', () => {
    expect(login('[::1]:8080', HTTP)).toEqual({ result: { host: '[::1]', port: 8080 }, notes: ['nondefault-port'] });
    expect(login('[::1]', HTTP).result).toEqual({ host: '[::1]', port: 80 });
    expect(login('[::1', HTTP).result).toHaveProperty('reason', 'bad-host');
    expect(login('[::1]8080', HTTP).result).toMatchObject({ reason: 'bad-host', offset: 9 });
  });
});
