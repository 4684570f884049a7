/**
 * The settings a unit runs with when the command line says nothing: the plain look,
 * every option at its default. Tests spread it and override what they exercise.
 */
import { PLAIN_LOOK } from '../../src/cli/formats.js';
import type { UnitSettings } from '../../src/cli/unit.js';

export const DEFAULT_UNIT_SETTINGS: UnitSettings = {
  format: 'urls',
  schemes: [],
  unique: false,
  stats: false,
  explain: false,
  redact: false,
  strict: false,
  emails: false,
  schemeless: true,
  fuzzy: false,
  punycode: false,
  headers: true,
  look: PLAIN_LOOK,
  hosts: [],
  excludeHosts: [],
  before: 0,
  after: 0,
};
