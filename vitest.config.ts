import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // The corpus tests read tens of megabytes from ../shared; give them room on a 2-core machine.
    testTimeout: 120_000,
  },
});
