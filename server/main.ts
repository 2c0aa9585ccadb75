import { loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { buildApp } from './app.js';
import { ensureCatalog } from './catalog/index.js';
import { systemClock } from './lib/clock.js';
import { firstOwnerLink } from './console/invitations.js';
import { ConsoleProblem } from './console/problems.js';

/**
 * Whether glibc's malloc may make an arena for each thread (up to 8 a core):
 * libvips's threads then each keep what the page images they worked on held
 * after it is freed (bench/upload.ts: the arenas 140 MB at the end of a
 * 200-page chapter, 30 MB with 2; the server's peak RSS 390-404 MB, 318-339
 * MB with 2). glibc reads MALLOC_ARENA_MAX when the process starts, before
 * any code of ours runs: `npm start` sets it (README, Configuration).
 */
function unboundedArenas(): boolean {
  if (process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX || /arena_max/.test(process.env.GLIBC_TUNABLES ?? '')) return false;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return !!report.header?.glibcVersionRuntime;
}

/**
 * No staff yet: a one-time link (24 h) for a first owner, so a newcomer gets
 * into the console (each start voids the link printed before). Links are made
 * only from PUBLIC_URL in production: without it, the log says why none is.
 */
async function printFirstOwnerLink(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  if (app.config.production && !app.config.publicUrl)
    app.log.warn('PUBLIC_URL is not set: in production the console makes no enrolment link (first owner, invitations, factor resets)');
  try {
    const link = await firstOwnerLink(app);
    if (!link) return;
    app.log.warn({ link }, 'no console staff yet: enrol the first owner');
    console.log(`\nNo console staff yet. Enrol the first owner (valid 24 h, single use):\n  ${link}\n`);
  } catch (e) {
    // The node serves on without it (a database that failed here answers the next start's attempt).
    const why = e instanceof ConsoleProblem ? e.detail : e instanceof Error ? e.message : String(e);
    if (!(e instanceof ConsoleProblem)) app.log.error({ err: e }, 'the first-owner link could not be made');
    else app.log.warn(`no console staff yet, and no first-owner link: ${why}`);
    console.log(`\nNo console staff yet, and no first-owner link: ${why}\n`);
  }
}

/**
 * `npm start`: open (and migrate) the database, seed the demo catalog
 * (once, however many nodes start together on one PostgreSQL), listen.
 */
async function main(): Promise<void> {
  const clock = systemClock;
  const t0 = clock.now();
  const config = loadConfig();
  const { db, dialect, close } = await openDb(config);
  if (!config.noCatalog) await ensureCatalog({ db, dialect, config, clock, log: (m) => console.log(m) });
  const app = await buildApp({ config, db, dialect, clock }, { logger: { level: config.logLevel } });
  if (unboundedArenas())
    app.log.warn('MALLOC_ARENA_MAX is not set: processing page images may hold 100 MB or more than it needs; npm start sets it to 2');
  await app.listen({ port: config.port, host: config.host });
  console.log(`ready in ${((clock.now() - t0) / 1000).toFixed(1)} s: http://localhost:${config.port}/`);
  await printFirstOwnerLink(app);
  // A clean stop (SIGTERM, SIGINT) closes the server: buffered views are written
  // (server/repos/views.ts), the notice connection and the pool closed.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      // Readiness goes red first, so the proxy stops sending here before the server stops listening.
      app.ops.drain();
      if (config.drainSeconds) await new Promise((r) => app.clock.setTimeout(() => r(undefined), config.drainSeconds * 1000));
      // A request or job that never ends (a client holding a stream, a stuck upstream) must not keep a stopping
      // node alive: past the grace the process exits all the same, saying so (what was unfinished is retried
      // by its queue or by the client).
      app.clock.setTimeout(() => {
        console.error(`stop: not closed after ${config.stopGraceSeconds} s (requests or jobs still running); exiting`);
        process.exit(1);
      }, config.stopGraceSeconds * 1000);
      await app.close();
      await close();
      process.exit(0);
    } catch (err) {
      console.error('stop:', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
