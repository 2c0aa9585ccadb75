/**
 * How many e2e files run at once (vitest.config.ts) and so how many shared
 * servers the global setup starts: two on the 2-core machines the suite runs
 * on (the browser waits on the server and the server on the browser, so two
 * files keep both cores busy). E2E_WORKERS=1 runs them one by one.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
