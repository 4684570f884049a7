/**
 * Binary noise inside text bodies: encoded files and signatures pasted into the
 * text, which hold no URLs a person wrote but can produce false ones (a `www.` or
 * `ftp.` inside base64) and cost scanning time. They are blanked out, keeping every
 * offset, and reported so the origin can say what was skipped.
 */
/** What a skipped block was. */
export type NoiseKind = 'uuencode' | 'yenc' | 'armor' | 'base64';
/** A skipped block: `[start, end)` in the text. */
export interface NoiseSpan {
    kind: NoiseKind;
    start: number;
    end: number;
}
/** The text with noise blanked (same length, line breaks kept) and what was blanked. */
export interface Denoised {
    text: string;
    spans: NoiseSpan[];
}
/**
 * Finds uuencoded blocks (`begin 644 name` ... `end`), yEnc blocks (`=ybegin` ...
 * `=yend`), ASCII armour (`-----BEGIN PGP SIGNATURE-----` ... `-----END ...-----`,
 * RFC 4880 §6.2, except the clear text after `BEGIN PGP SIGNED MESSAGE`), and runs
 * of base64-looking lines, and blanks them. One pass over the lines, after one pass
 * that indexes the armour END lines.
 */
export declare function removeNoise(text: string): Denoised;
