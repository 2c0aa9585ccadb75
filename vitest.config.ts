import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import durations from './tests/timing/durations.json' with { type: 'json' };

/**
 * Longest files first. Vitest orders files it has no record of by their size
 * in bytes, and a fresh clone (CI) has no record: a short file holding a long
 * sweep (a11y.test.ts, 86 lines, 167 s) then started last and the other
 * worker waited 40 s for it. With the seconds each file took in a whole run
 * (tests/timing/durations.json, written by `node scripts/testDurations.mjs`
 * from a run's JSON report), each group's files run longest first, so the
 * last to start are short. A file not listed counts as a minute. The groups
 * (the browser files after the rest) keep their order.
 */
class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds: Record<string, number> = durations;
    const took = (f: TestSpecification) => seconds[path.relative(import.meta.dirname, f.moduleId)] ?? 60;
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    return Promise.resolve([...files].sort((a, b) => group(a) - group(b) || took(b) - took(a)));
  }
}

// Browser test files at once (E2E_WORKERS, default 2): tests/e2e/globalSetup.ts starts one shared server per worker
// (it reads the same variable through tests/e2e/workers.ts; imported here it would need a file extension Vite's loader warns about).
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);

// No wall-clock limits: these machines are shared and noisy.
const noLimit = { testTimeout: 0, hookTimeout: 0 };

export default defineConfig({
  plugins: [react()],
  define: { __MACHINE_EXPLORER__: 'true' },
  test: {
    ...noLimit,
    // expect.poll's default gives up after 1 s: on a loaded two-core machine a screen can take longer to follow.
    // Bounded all the same, so a condition that never holds still fails with what it saw.
    expect: { poll: { timeout: 60_000, interval: 50 } },
    // Two cores: at most two test files at a time.
    maxWorkers: 2,
    // The longest files first (LongestFirst above): a fresh clone has no record of earlier runs.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'core/**/*.test.ts',
            'machines/**/*.test.ts',
            'src/**/*.test.ts',
            'console/**/*.test.ts',
            'web/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          server: { deps: { inline: ['@fastify/autoload'] } }, // the model tests start the real server too (see server)
          include: ['src/**/*.test.tsx', 'tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/model/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          server: { deps: { inline: ['@fastify/autoload'] } }, // its import() of the route modules (.ts) goes through Vitest
          include: ['tests/server/**/*.test.ts', 'tests/catalog/**/*.test.ts'],
          // SQLite files and PostgreSQL schemas are per test file.
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts', 'tests/engines/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          // Chromium composites in software in the browser tests (tests/e2e/harness.ts says why).
          env: { CHROMIUM_SOFTWARE_COMPOSITING: process.env.CHROMIUM_SOFTWARE_COMPOSITING ?? '1' },
          // Two files at a time (tests/e2e/workers.ts), each worker with its own shared server.
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
          // Runs after the other projects (vitest needs its own group for a different maxWorkers).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
