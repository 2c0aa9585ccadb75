/**
 * API throughput on this machine: the real server (SQLite, demo catalog) in
 * this process, loaded with autocannon over loopback (32 connections) for a
 * few seconds per endpoint. Baseline for each endpoint, measured in the same
 * run: a bare Fastify route answering a fixed buffer of the same size (target:
 * ratio at least 0.5, p99 under 25 ms), in alternated rounds. Also printed:
 * this process's CPU time per request on each side, which a busy neighbour
 * on a shared machine moves far less than the request rate. The buffer holds the very bytes the
 * endpoint answered: autocannon (in this process) decodes every body as
 * UTF-8 text, several times slower for binary protobuf than for filler
 * bytes, and that client-side cost must weigh the same on both sides.
 * Also /api/language, and page images: the first request (drawn with sharp
 * and encrypted) against a cached one.
 *
 *   npm run bench -- api
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/index';
import { ensureCatalog } from '../server/catalog/index';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Each side's SECONDS in this many alternated rounds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent', WRITE_RATE_LIMIT: '1000000', PUSH_CHECK_SECONDS: '0' });
const { db, dialect, close } = await openDb(config);
const cat = (await ensureCatalog({ db, dialect, config, log: () => {} }))!;
const app = await buildApp({ config, db, dialect });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

// The baseline: a bare Fastify with one route answering a fixed buffer (an endpoint's own answer).
const fixed: Buffer[] = [];
const bare = Fastify();
bare.get<{ Params: { n: string } }>('/fixed/:n', async (req, reply) =>
  reply.type('application/x-protobuf').send(fixed[Number(req.params.n)]),
);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
const CONNECTIONS = 32;
type Load = { rps: number; p50: number; p99: number; cpuUs: number };

/** One load of SECONDS / ROUNDS: requests per second, latency, and this process's CPU per request (server and client). */
async function load(p: string, origin = url): Promise<Load> {
  const cpu = process.cpuUsage();
  const r = await autocannon({
    url: origin + p,
    connections: CONNECTIONS,
    duration: SECONDS / ROUNDS,
    headers: { 'session-token': 'be0c4000000000000000000000000001' },
  });
  const used = process.cpuUsage(cpu);
  if (r.non2xx > 0) throw new Error(`${p}: ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs: (used.user + used.system) / r.requests.total };
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

/**
 * Ours and the bare route in ROUNDS alternated rounds (ours first, then the bare one, then the other
 * way round...): a neighbour's burst on a shared machine then falls on both sides. Each figure is the
 * median of its rounds; the ratio is the median of the rounds' ratios.
 */
async function compare(p: string, bareP: string): Promise<{ ours: Load; bare: Load; ratio: number }> {
  const ours: Load[] = [];
  const bares: Load[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      ours.push(await load(p));
      bares.push(await load(bareP, bareUrl));
    } else {
      bares.push(await load(bareP, bareUrl));
      ours.push(await load(p));
    }
  }
  const pick = (a: Load[]): Load => ({
    rps: median(a.map((x) => x.rps)),
    p50: median(a.map((x) => x.p50)),
    p99: median(a.map((x) => x.p99)),
    cpuUs: median(a.map((x) => x.cpuUs)),
  });
  return { ours: pick(ours), bare: pick(bares), ratio: median(ours.map((o, i) => o.rps / bares[i].rps)) };
}

const title = cat.titles[0].id;
const chapter = cat.chapters.find((c) => c.title_id === title)!.id;
const rows: Array<[string, number, { ours: Load; bare: Load; ratio: number }]> = [];
for (const p of [
  '/api/language',
  '/api/web/web_homeV4?lang=eng&clang=en,es,fr',
  `/api/title_detailV3?title_id=${title}&clang=en`,
  `/api/manga_viewer?chapter_id=${chapter}&split=yes&img_quality=high`,
]) {
  const body = Buffer.from(
    await (await fetch(url + p, { headers: { 'session-token': 'be0c4000000000000000000000000001' } })).arrayBuffer(),
  );
  fixed.push(body);
  rows.push([`GET ${p.split('?')[0]}`, body.byteLength, await compare(p, `/fixed/${fixed.length - 1}`)]);
}

console.log(
  `API throughput, ${SECONDS} s per endpoint and side in ${ROUNDS} alternated rounds (medians), ${CONNECTIONS} connections, ${os.cpus().length} cores; baseline: bare Fastify answering a fixed buffer of the same size (the same bytes). CPU µs/req: this process (server and autocannon) per request, the figure least moved by a busy neighbour`,
);
console.log(
  'endpoint'.padEnd(30),
  'bytes'.padStart(7),
  'req/s'.padStart(8),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'CPU µs'.padStart(7),
  'bare req/s'.padStart(11),
  'bare p99'.padStart(9),
  'bare CPU'.padStart(9),
  'ratio'.padStart(7),
);
for (const [name, size, { ours: r, bare: b, ratio }] of rows) {
  console.log(
    name.padEnd(30),
    String(size).padStart(7),
    r.rps.toFixed(0).padStart(8),
    String(r.p50).padStart(7),
    String(r.p99).padStart(7),
    r.cpuUs.toFixed(1).padStart(7),
    b.rps.toFixed(0).padStart(11),
    String(b.p99).padStart(9),
    b.cpuUs.toFixed(1).padStart(9),
    ratio.toFixed(2).padStart(7),
  );
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
console.log(
  `page image (high), mean of ${pages.length}: first request ${(first / pages.length).toFixed(1)} ms (drawn + encrypted), cached ${(again / pages.length).toFixed(1)} ms; ratio cached/first ${(again / first).toFixed(3)}`,
);

await app.close();
await bare.close();
await close();
fs.rmSync(dir, { recursive: true, force: true });
