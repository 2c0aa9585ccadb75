/**
 * Chapter upload: N pages of 1440 x 2040 (default 200) uploaded
 * through the console API (tus, 4 files at once, over HTTP to a real server
 * process) and processed by its job, against `npm run import` of the same
 * files (the CLI, its own process) in the same run, on the same SQLite
 * database and data folder. The server runs with `npm start`'s settings
 * (MALLOC_ARENA_MAX: tests/e2e/harness.ts startEnv). Target: ratio console/import at most 1.2; the
 * server's peak RSS while processing under 500 MB (sampled from
 * /proc/<pid>/status every 50 ms; VmHWM, the process's lifetime peak, too).
 *
 *   npm run bench -- upload            (200 pages)
 *   npx tsx bench/upload.ts 40         (a smaller chapter)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startServer } from '../tests/e2e/harness';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/index';
import { memberWithSession } from '../tests/server/consoleHelpers';

const N = Number(process.argv[2] ?? 200);
const root = path.resolve('.tmp/bench-upload');
const dataDir = path.join(root, 'data');
const src = path.join(root, 'pages');
fs.rmSync(root, { recursive: true, force: true });
fs.mkdirSync(src, { recursive: true });

/** A page with line art and tone, so the encoders do real work (not a flat colour). */
function pageSvg(i: number): string {
  const shapes = Array.from({ length: 40 }, (_, k) => {
    const x = (i * 97 + k * 131) % 1400;
    const y = (i * 53 + k * 211) % 2000;
    return `<circle cx="${x}" cy="${y}" r="${20 + ((k * 7) % 90)}" fill="none" stroke="#222" stroke-width="${1 + (k % 5)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="2040"><rect width="1440" height="2040" fill="#f4f1ea"/>
    <defs><pattern id="d" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.4" fill="#555"/></pattern></defs>
    <rect x="60" y="${200 + (i % 7) * 30}" width="1320" height="700" fill="url(#d)"/>${shapes}
    <text x="80" y="1950" font-size="90" font-family="sans-serif">Page ${i + 1}</text></svg>`;
}

const t0 = performance.now();
for (let i = 0; i < N; i++)
  fs.writeFileSync(
    path.join(src, `${String(i + 1).padStart(3, '0')}.jpg`),
    await sharp(Buffer.from(pageSvg(i)))
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
const bytes = fs.readdirSync(src).reduce((s, f) => s + fs.statSync(path.join(src, f)).size, 0);
console.log(
  `${N} pages of 1440 x 2040 JPEG, ${(bytes / 2 ** 20).toFixed(1)} MiB, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

/** Peak RSS of a process, sampled until stop(). */
function rssSampler(pid: number) {
  let peak = 0;
  const read = (field: string) => {
    try {
      const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  const timer = setInterval(() => (peak = Math.max(peak, read('VmRSS'))), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return { peak, hwm: read('VmHWM') };
    },
  };
}
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

const server = await startServer({ DATA_DIR: dataDir, PUSH_CHECK_SECONDS: '0', LOG_LEVEL: 'warn' });
let consoleMs: number;
let serverPeak: { peak: number; hwm: number };
let titleId: number;
try {
  const { db, close } = await openDb(loadConfig({ DATA_DIR: dataDir }));
  const { cookie } = await memberWithSession(db, ['editor'], Math.floor(Date.now() / 1000));
  titleId = (await db.selectFrom('titles').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await close();
  const headers = { cookie: `console_session=${cookie}`, 'x-console-request': '1', origin: server.url };
  const json = async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`${server.url}/console/api${url}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return (await r.json()) as { id: number; version: number; job: { state: string; done: number; total: number; error?: unknown } };
  };

  const sampler = rssSampler(server.proc.pid!);
  const start = performance.now();
  const ch = await json('POST', '/chapters', { titleId, name: 'Bench console', subTitle: '' });
  const files = fs.readdirSync(src).sort();
  const ids: string[] = [];
  let next = 0;
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++];
      const data = fs.readFileSync(path.join(src, f));
      const made = await fetch(`${server.url}/console/api/uploads`, {
        method: 'POST',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(data.length),
          'upload-metadata': `chapterId ${b64(String(ch.id))},filename ${b64(f)}`,
        },
      });
      const id = (made.headers.get('location') ?? '').split('/').pop()!;
      const put = await fetch(`${server.url}/console/api/uploads/${id}`, {
        method: 'PATCH',
        headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: data,
      });
      if (put.status !== 204) throw new Error(`upload ${f}: ${put.status}`);
      ids.push(id);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const uploaded = performance.now();
  await json('POST', `/chapters/${ch.id}/process`, { uploads: ids, version: ch.version });
  let state = '';
  for (let i = 0; i < 36_000 && state !== 'done'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const c = await json('GET', `/chapters/${ch.id}`);
    state = c.job.state;
    if (state === 'failed') throw new Error(`job failed: ${JSON.stringify(c.job.error)}`);
  }
  consoleMs = performance.now() - start;
  serverPeak = sampler.stop();
  console.log(
    `console: upload ${((uploaded - start) / 1000).toFixed(1)} s, processing ${((consoleMs - (uploaded - start)) / 1000).toFixed(1)} s, total ${(consoleMs / 1000).toFixed(1)} s`,
  );
} finally {
  await server.stop();
}

// npm run import of the same files, its own process on the same database.
const importStart = performance.now();
const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/cli/import.ts', src, '--title', String(titleId), '--chapter', 'Bench import'],
  {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const importSampler = rssSampler(child.pid!);
const code = await new Promise<number | null>((r) => child.on('exit', r));
const importMs = performance.now() - importStart;
const importPeak = importSampler.stop();
if (code !== 0) throw new Error(`npm run import exited ${code}`);
console.log(`npm run import: ${(importMs / 1000).toFixed(1)} s (peak RSS ${mb(importPeak.peak)})`);
console.log(
  `server peak RSS while uploading and processing: ${mb(serverPeak.peak)} (sampled; process lifetime VmHWM ${mb(serverPeak.hwm)}; target < 500 MB)`,
);
console.log(`ratio console/import: ${(consoleMs / importMs).toFixed(2)} (target ≤ 1.2)`);
fs.rmSync(root, { recursive: true, force: true });
