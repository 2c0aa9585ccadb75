import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './harness';
import { enrolByApi, startConsoleServer, type SharedConsole } from './consoleSupport';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (see tests/e2e/base.ts): files running side by side share no visitor, limit or counter. */
    baseUrls: string[];
    /** One console server per e2e worker (tests/e2e/base.ts, consoleShared), with its first owner's session; empty when no console file runs. */
    consoleServers: SharedConsole[];
  }
}

let servers: RunningServer[] = [];
let consoles: RunningServer[] = [];
let keepAlive: NodeJS.Timeout | undefined;

/**
 * Whether this run holds a console browser file (tests/e2e/console*.test.ts, tests/engines/console.*.test.ts): the
 * console servers (a demo catalog seeded on an empty data folder each) are started for those only. The filters are
 * those of the command line (a run of one reader file starts none); when they cannot be read, the servers start.
 */
async function runsConsoleFiles(project: TestProject): Promise<boolean> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (!Array.isArray(filters)) return true;
  // A filter may name a line (`file.test.ts:12`).
  const { testFiles } = await project.globTestFiles(filters.map((f) => f.replace(/:\d+$/, '')));
  return testFiles.some((f) => /\/console[^/]*\.test\.ts$/.test(f));
}

/**
 * The first owner of a shared console server, enrolled through the enrolment API as the console's screens call it
 * (the printed link, a password, an authenticator app). The screens' own first-owner walk is console.test.ts's, on a
 * server of its own, and each engine's (tests/engines/consoleSuite.ts) enrols from an invitation of this owner.
 */
const SHARED_OWNER = { email: 'shared-owner@example.com', name: 'Shared Owner', password: 'harbour-violet-evenly-27' };

/**
 * The shared servers with the demo catalog for the e2e suite, one for each worker, each on its own data folder;
 * and, when console files run, a console server for each worker (tests/e2e/consoleSupport.ts, consoleShared).
 */
export async function setup(project: TestProject): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.tmp/e2e-data');
  // The explorer is on so its browser tests can reach /machines in the production build. Every browser of the
  // suite comes from one loopback address: the per-address limits on new visitors and counted views (tested by
  // the server tests, tests/server/hardening and viewCounts) would refuse later files' visitors, as a model test
  // opening a context per path makes dozens a minute.
  const env = { MACHINE_EXPLORER: '1', NEW_VISITOR_RATE_LIMIT: '100000', VIEW_RATE_LIMIT: '1000000' };
  const withConsole = await runsConsoleFiles(project);
  const [readers, shared] = await Promise.all([
    Promise.all(Array.from({ length: E2E_WORKERS }, (_, i) => startServer({ ...env, DATA_DIR: `${dataDir}-${i + 1}` }))),
    withConsole ? Promise.all(Array.from({ length: E2E_WORKERS }, () => startSharedConsole())) : Promise.resolve([]),
  ]);
  servers = readers;
  consoles = shared.map((s) => s.server);
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  project.provide(
    'consoleServers',
    shared.map((s) => s.shared),
  );
  // A console session ends after 30 idle minutes, and the console files may start long after the setup (the e2e
  // files run after the other projects'): the first owner's sessions are used every few minutes meanwhile.
  if (shared.length)
    keepAlive = setInterval(() => {
      for (const { shared: s } of shared)
        void fetch(`${s.url}/console/api/session`, { headers: { cookie: s.ownerCookie } }).catch(() => {});
    }, 5 * 60_000);
}

/**
 * A console server shared by the console files of one worker: the demo catalog, the settings of the files that
 * release chapters (releases checked every second, a push service on loopback admitted, reader answers not
 * cached), and a first owner enrolled from the printed link.
 */
async function startSharedConsole(): Promise<{ server: RunningServer; shared: SharedConsole }> {
  const server = await startConsoleServer({
    catalog: true,
    env: { PUSH_CHECK_SECONDS: '1', PUSH_ALLOW_INSECURE_LOOPBACK: '1', VIEW_CACHE_MS: '0' },
  });
  const { cookie } = await enrolByApi(server.firstOwnerLink, SHARED_OWNER);
  return { server, shared: { url: server.url, ownerCookie: cookie, ownerPassword: SHARED_OWNER.password } };
}

export async function teardown(): Promise<void> {
  clearInterval(keepAlive);
  await Promise.all([...servers, ...consoles].map((s) => s.stop()));
}
