// Runs before every test file (vitest.config.ts `setupFiles`).
import fc from 'fast-check';

// Property tests in `npm test` use a fixed seed, so a CI run is reproducible and never flaky;
// `npm run fuzz` (which sets FUZZ_RUNS) explores new seeds with many more runs.
// Property tests that set no run count of their own follow FUZZ_RUNS too.
const fuzz = Number(process.env.FUZZ_RUNS);
if (Number.isInteger(fuzz) && fuzz > 0) fc.configureGlobal({ numRuns: fuzz });
else fc.configureGlobal({ seed: 1738 });
