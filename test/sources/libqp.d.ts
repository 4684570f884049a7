// libqp (mailparser's quoted-printable codec) ships no types; the tests use it as an
// independent encoder for round trips.
declare module 'libqp' {
  /** Encodes bytes as quoted-printable without line wrapping. */
  export function encode(data: Buffer): string;
  /** Wraps quoted-printable text at `lineLength` with soft line breaks. */
  export function wrap(text: string, lineLength?: number): string;
  /** Decodes quoted-printable text. */
  export function decode(text: string): Buffer;
}
