import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** One shared server with the demo catalog for the e2e suite. */
export async function setup(project: TestProject): Promise<void> {
  // The explorer is on so its browser tests can reach /machines in the production build.
  server = await startServer({ MACHINE_EXPLORER: '1' });
  project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
