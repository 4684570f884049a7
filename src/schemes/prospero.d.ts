import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * Parses a `prospero:` URL into `hsoname` (the path without the `/` that ends the
 * host: `prospero://host.dom//pros/name` names `/pros/name`, RFC 1738 §3.11) and
 * `fields` from the `;field=value` pairs, by RFC 1738 §5
 * `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`. No user name or
 * password in either mode (RFC 4157 §2: "No username or password is allowed").
 */
export declare function parseProspero(url: string, options: SchemeParseOptions): Parsed | Rejection;
