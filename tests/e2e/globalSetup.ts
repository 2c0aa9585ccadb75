import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './harness';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (see tests/e2e/base.ts): files running side by side share no visitor, limit or counter. */
    baseUrls: string[];
  }
}

let servers: RunningServer[] = [];

/** The shared servers with the demo catalog for the e2e suite, one for each worker, each on its own data folder. */
export async function setup(project: TestProject): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.tmp/e2e-data');
  // The explorer is on so its browser tests can reach /machines in the production build. Every browser of the
  // suite comes from one loopback address: the per-address limits on new visitors and counted views (tested by
  // the server tests, tests/server/hardening and viewCounts) would refuse later files' visitors, as a model test
  // opening a context per path makes dozens a minute.
  const env = { MACHINE_EXPLORER: '1', NEW_VISITOR_RATE_LIMIT: '100000', VIEW_RATE_LIMIT: '1000000' };
  servers = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, i) => startServer({ ...env, DATA_DIR: `${dataDir}-${i + 1}` })));
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}
