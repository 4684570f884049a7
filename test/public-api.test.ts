// The exported surface of the main entry. A change here must be deliberate: update this
// list in the same commit that adds or removes an export, and say so in the README.
import { describe, expect, it } from 'vitest';
import * as core from '../src/core.js';
import * as urlsift from '../src/index.js';

describe('public API', () => {
  it('exports exactly the documented runtime names', () => {
    expect(Object.keys(urlsift).sort()).toEqual([
      'createRegistry',
      'defaultRegistry',
      'findMessageBoundaries',
      'findUrls',
      'isRejection',
      'linkifyText',
      'lookupScheme',
      'normalizeUrl',
      'parseGeneric',
      'parseUrl',
      'scan',
      'scanMessage',
    ]);
  });

  it('exports the same core from urlsift/core (and `urlsift` in browsers): all but the sources', () => {
    const sources = ['findMessageBoundaries', 'scan', 'scanMessage'];
    expect(Object.keys(core).sort()).toEqual(Object.keys(urlsift).filter((name) => !sources.includes(name)).sort());
    for (const name of Object.keys(core)) expect(core[name as keyof typeof core]).toBe(urlsift[name as keyof typeof urlsift]);
  });
});
