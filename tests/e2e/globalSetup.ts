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
  // The explorer is on so its browser tests can reach /machines in the production build.
  servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, i) => startServer({ MACHINE_EXPLORER: '1', DATA_DIR: `${dataDir}-${i + 1}` })),
  );
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}
