/**
 * One measured run of bench/apiOps.ts (a child process, so that tracing can
 * be loaded before the app): the real server (SQLite, demo catalog) loaded
 * with autocannon, each endpoint for BENCH_SECONDS; with METRICS_TOKEN set,
 * /metrics is scraped every second meanwhile, as Prometheus would (faster
 * than its usual 15 s). Writes { endpoint: { rps, p99 } } as JSON to BENCH_OUT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/index';
import { ensureCatalog } from '../server/catalog/index';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const token = process.env.METRICS_TOKEN ?? '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-apiops-'));
const config = loadConfig({
  DATA_DIR: dir,
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  WRITE_RATE_LIMIT: '1000000',
  PUSH_CHECK_SECONDS: '0',
  METRICS_TOKEN: token,
});
const { db, dialect, close } = await openDb(config);
const cat = (await ensureCatalog({ db, dialect, config, log: () => {} }))!;
const app = await buildApp({ config, db, dialect });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

const title = cat.titles[0].id;
const chapter = cat.chapters.find((c) => c.title_id === title)!.id;
const out: Record<string, { rps: number; p99: number }> = {};
let scrapes = 0;
for (const p of [
  '/api/language',
  '/api/web/web_homeV4?lang=eng&clang=en,es,fr',
  `/api/title_detailV3?title_id=${title}&clang=en`,
  `/api/manga_viewer?chapter_id=${chapter}&split=yes&img_quality=high`,
]) {
  // Each scrape is awaited before the next endpoint (and the close): one still reading when the server
  // closed was reset, and its unhandled rejection ended the run.
  const inFlight: Promise<void>[] = [];
  const scraper = token
    ? setInterval(() => {
        inFlight.push(
          fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
            .then((r) => r.text())
            .then(() => void scrapes++),
        );
      }, 1000)
    : undefined;
  const r = await autocannon({
    url: url + p,
    connections: 32,
    duration: SECONDS,
    headers: { 'session-token': 'be0c4000000000000000000000000001' },
  });
  clearInterval(scraper);
  await Promise.all(inFlight);
  if (r.non2xx > 0) throw new Error(`${p}: ${r.non2xx} non-2xx answers`);
  out[`GET ${p.split('?')[0]}`] = { rps: r.requests.average, p99: r.latency.p99 };
}
if (token && scrapes === 0) throw new Error('metrics were never scraped');
fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(out));
await app.close();
await close();
fs.rmSync(dir, { recursive: true, force: true });
