// What the picker draws from a message: never a control character, only ASCII outside UTF-8 locales.
import { describe, expect, it } from 'vitest';
import { isUtf8Locale } from '../../../src/cli/pick/command.js';
import { displayText } from '../../../src/cli/pick/safe-text.js';

describe('displayText', () => {
  it('turns escape sequences and other controls from a hostile message into ?', () => {
    expect(displayText('a\u001b]52;c;ZXZpbA==\u0007b\u009bc\rd', false)).toBe('a?]52;c;ZXZpbA==?b?c?d');
  });

  it('keeps non-ASCII text on a UTF-8 terminal and replaces each character by one ? elsewhere', () => {
    expect(displayText('http://café.example/été 😀', false)).toBe('http://café.example/été 😀');
    expect(displayText('http://café.example/été 😀', true)).toBe('http://caf?.example/?t? ?');
  });

  it('shows a tab as one space', () => {
    expect(displayText('a\tb', true)).toBe('a b');
  });
});

describe('isUtf8Locale', () => {
  it('reads LC_ALL, then LC_CTYPE, then LANG, and takes no locale as C', () => {
    expect(isUtf8Locale({ LANG: 'en_US.UTF-8' })).toBe(true);
    expect(isUtf8Locale({ LC_ALL: 'C', LANG: 'en_US.UTF-8' })).toBe(false);
    expect(isUtf8Locale({ LC_CTYPE: 'de_DE.utf8', LANG: 'C' })).toBe(true);
    expect(isUtf8Locale({ LANG: 'de_DE.ISO-8859-1' })).toBe(false);
    expect(isUtf8Locale({})).toBe(false);
  });
});
