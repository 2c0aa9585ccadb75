/**
 * One side of bench/apiOps.ts: the real server (SQLite, demo catalog) in a
 * child process of its own, so that tracing (server/telemetry.ts, loaded
 * with --import before the app) is on or off by this process's environment
 * alone. It listens on a free loopback port and tells the parent its URL and
 * the demo's ids over IPC; the parent loads it with autocannon, scrapes
 * /metrics when METRICS_TOKEN is set, asks for the CPU it has used ('cpu')
 * around each load, and sends 'stop' at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/index';
import { ensureCatalog } from '../server/catalog/index';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-apiops-'));
const config = loadConfig({
  DATA_DIR: dir,
  DATABASE_URL: '',
  WRITE_RATE_LIMIT: '1000000',
  PUSH_CHECK_SECONDS: '0',
  METRICS_TOKEN: process.env.METRICS_TOKEN ?? '',
});
const { db, dialect, close } = await openDb(config);
const cat = (await ensureCatalog({ db, dialect, config, log: () => {} }))!;
// With its logger, as server/main.ts builds it (level info, no line per request): Fastify then listens for
// every answer's end whatever hooks there are, so what the metrics' hook adds is measured, not that.
const app = await buildApp({ config, db, dialect }, { logger: { level: 'info', stream: fs.createWriteStream('/dev/null') } });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const title = cat.titles[0].id;
const chapter = cat.chapters.find((c) => c.title_id === title)!.id;

process.on('message', (m) => {
  // The CPU this process has used (µs, user and system): the parent's figure of CPU per request.
  if (m === 'cpu') {
    const u = process.cpuUsage();
    process.send?.({ cpu: u.user + u.system });
    return;
  }
  if (m !== 'stop') return;
  void (async () => {
    await app.close();
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
    // The tracing SDK's batch goes out at beforeExit (server/telemetry.ts): the IPC channel must close first.
    process.disconnect?.();
  })();
});
process.send?.({ url, title, chapter });
