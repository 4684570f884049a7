// The exported surface of the main entry. A change here must be deliberate: update this
// list in the same commit that adds or removes an export, and say so in the README.
import { describe, expect, it } from 'vitest';
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
});
