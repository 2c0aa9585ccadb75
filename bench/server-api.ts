/**
 * API throughput on this machine: the real server (SQLite, demo catalog) in
 * this process, loaded with autocannon over loopback for a few seconds per
 * endpoint. Baseline, measured in the same run: GET /api/language (the
 * smallest answer the server gives, so the ratio shows what each computed
 * view costs over the framework's own floor). Also page images: the first
 * request (drawn with sharp and encrypted) against a cached one.
 *
 *   npm run bench -- server
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
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent', WRITE_RATE_LIMIT: '1000000', PUSH_CHECK_SECONDS: '0' });
const { db, dialect, close } = await openDb(config);
const cat = (await ensureCatalog({ db, dialect, config, log: () => {} }))!;
const app = await buildApp({ config, db, dialect });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

async function load(p: string): Promise<{ rps: number; p50: number; p99: number }> {
  const r = await autocannon({ url: url + p, connections: 8, duration: SECONDS, headers: { 'session-token': 'bench0000000000000000000000000000' } });
  if (r.non2xx > 0) throw new Error(`${p}: ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const title = cat.titles[0]!.id;
const chapter = cat.chapters.find((c) => c.title_id === title)!.id;
const baseline = await load('/api/language');
const rows: Array<[string, { rps: number; p50: number; p99: number }]> = [['GET /api/language (baseline)', baseline]];
for (const p of [
  '/api/web/web_homeV4?lang=eng&clang=en,es,fr',
  `/api/title_detailV3?title_id=${title}&clang=en`,
  `/api/manga_viewer?chapter_id=${chapter}&split=yes&img_quality=high`,
  '/api/title_list/rankingV2?type=hottest&lang=eng',
  '/api/title_list/all_v3?type=serializing&lang=eng',
]) {
  rows.push([`GET ${p.split('?')[0]}`, await load(p)]);
}

console.log(`API throughput, ${SECONDS} s per endpoint, 8 connections, ${os.cpus().length} cores`);
console.log('endpoint'.padEnd(44), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'ratio to baseline'.padStart(18));
for (const [name, r] of rows) {
  console.log(name.padEnd(44), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8), (r.rps / baseline.rps).toFixed(2).padStart(18));
}

// Page images: drawn and encrypted on first request, then served from the cache.
const pages = cat.pages.filter((p) => p.chapter_id === chapter).slice(0, 6);
let first = 0;
let again = 0;
for (const p of pages) {
  const u = `${url}/img/page/${chapter}/${p.idx}/high.webp`;
  let t = performance.now();
  const a = await fetch(u);
  await a.arrayBuffer();
  first += performance.now() - t;
  t = performance.now();
  const b = await fetch(u);
  await b.arrayBuffer();
  again += performance.now() - t;
}
console.log(`page image (high), mean of ${pages.length}: first request ${(first / pages.length).toFixed(1)} ms (drawn + encrypted), cached ${(again / pages.length).toFixed(1)} ms; ratio cached/first ${(again / first).toFixed(3)}`);

await app.close();
await close();
fs.rmSync(dir, { recursive: true, force: true });
