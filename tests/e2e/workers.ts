/**
 * How many e2e files run at once (vitest.config.ts reads the same variable)
 * and so how many shared servers the global setup starts. One by default:
 * E2E_WORKERS=2 runs two files at a time, each with its own server, but on a
 * loaded 2-core machine three timing-bound tests (auto-scroll, the offline
 * bookmark, the history report) then missed their bounded waits, so two is
 * not the default until it is shown steady on CI.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);
