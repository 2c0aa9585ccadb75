/**
 * How many e2e files run at once (vitest.config.ts reads the same variable)
 * and so how many shared servers the global setup starts: two by default,
 * each file with the server of its worker (E2E_WORKERS=1 runs one at a time).
 * The waits that missed under the load of two (auto-scroll's press while the
 * bar hid, expect.poll's 1 s default, the linking test's choice of row) were
 * fixed rather than avoided.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);
