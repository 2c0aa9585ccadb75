import { inject } from 'vitest';

/**
 * The shared server of the worker running this file: e2e files run side by
 * side (tests/e2e/workers.ts), each worker with a server of its own, so one
 * file's visitors, rate limits and view counts never meet another's.
 */
export function e2eBase(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length];
}
