// Runs before every test file (vitest.config.ts `setupFiles`).
import fc from 'fast-check';

// Property tests in `npm test` use a fixed seed, so a CI run is reproducible and never flaky;
// `npm run fuzz` (which sets FUZZ_RUNS) explores new seeds with many more runs.
if (!process.env.FUZZ_RUNS) fc.configureGlobal({ seed: 1738 });
