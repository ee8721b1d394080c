import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Unit files run first, on their own, so the integration files' timings never share the cores with them.
          sequence: { groupOrder: 0 },
          include: ['shared/**/*.test.ts', 'services/**/*.test.ts', 'infra/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Suites share one Elasticsearch node and one Postgres server; running files one at a time
          // keeps timings honest on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
