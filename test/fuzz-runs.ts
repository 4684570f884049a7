/**
 * How many runs each property test makes: a modest number in `npm test`, many under
 * `npm run fuzz` (which sets FUZZ_RUNS).
 */
export function fuzzRuns(modest: number): number {
  const requested = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(requested) && requested > 0 ? requested : modest;
}
