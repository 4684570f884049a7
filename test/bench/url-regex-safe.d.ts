// url-regex-safe ships no types; the bench uses only its default export.
declare module 'url-regex-safe' {
  /** A global regular expression for URLs (RE2 when the `re2` package is installed). */
  export default function urlRegexSafe(options?: Record<string, unknown>): RegExp;
}
