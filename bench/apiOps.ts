/**
 * What operating it costs: the API's throughput with metrics and with
 * tracing, each against the same server with neither, in the same run.
 * Four sides, each the real server (SQLite, demo catalog) in a process of
 * its own (bench/_apiOpsRun.ts), all started before any load:
 *   off      neither;
 *   metrics  METRICS_TOKEN set, /metrics scraped every second while loaded (Prometheus' usual is 15 s);
 *   traced   tracing as deployed: server/telemetry.ts at its default sampling (parent-based, ratio 0.1),
 *            the OTLP/HTTP protobuf exporter behind the SDK's batch span processor, posting to a local
 *            receiver (bench/_otlpReceiver.ts, a process of its own that decodes and counts the spans);
 *   all      the same with every request sampled (OTEL_TRACES_SAMPLER=always_on).
 * This process is the load generator (autocannon, 32 connections): each endpoint on each side for
 * BENCH_SECONDS, in BENCH_ROUNDS rounds whose order of sides turns by one each round, so that a
 * neighbour's burst falls on every side in turn. A side's ratio in a round is its rate over the off
 * side's rate for that endpoint in the same round; printed are the median ratio and its spread over the
 * rounds (min–max), the median rate and p99. Targets: metrics at least 0.95 of off on every endpoint;
 * traced at least 0.85; all at least 0.5.
 *
 *   npm run bench -- apiOps          BENCH_ROUNDS=5 BENCH_SECONDS=4 npm run bench -- apiOps
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const METRICS_TOKEN = 'bench-metrics-token';
const SIDES = ['off', 'metrics', 'traced', 'all'] as const;
type Side = (typeof SIDES)[number];
const TARGET: Record<Exclude<Side, 'off'>, number> = { metrics: 0.95, traced: 0.85, all: 0.5 };

/** A child over IPC: its first message, and a way to stop it. */
function child<T>(script: string, env: NodeJS.ProcessEnv, tsxOnly = false): Promise<{ info: T; proc: ChildProcess }> {
  const args = tsxOnly ? ['--import', 'tsx', script] : ['--import', 'tsx', '--import', './server/telemetry.ts', script];
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    proc.once('message', (info) => resolve({ info: info as T, proc }));
    proc.once('exit', (code) => reject(new Error(`${script} ended (${code}) before it was ready`)));
  });
}

const stop = (p: ChildProcess) =>
  new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.send('stop');
  });

function sideEnv(side: Side, receiver: number): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('OTEL_') || k === 'METRICS_TOKEN') delete env[k];
  if (side === 'metrics') env.METRICS_TOKEN = METRICS_TOKEN;
  if (side === 'traced' || side === 'all')
    Object.assign(env, {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${receiver}/v1/traces`,
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
      ...(side === 'all' ? { OTEL_TRACES_SAMPLER: 'always_on' } : {}),
    });
  return env;
}

type Server = { url: string; title: number; chapter: number };
const receiver = await child<{ port: number }>('bench/_otlpReceiver.ts', process.env, true);
const servers = {} as Record<Side, { info: Server; proc: ChildProcess }>;
// One at a time: each generates the demo catalog at start.
for (const side of SIDES) servers[side] = await child<Server>('bench/_apiOpsRun.ts', sideEnv(side, receiver.info.port));

const { title, chapter } = servers.off.info;
const ENDPOINTS = [
  '/api/language',
  '/api/web/web_homeV4?lang=eng&clang=en,es,fr',
  `/api/title_detailV3?title_id=${title}&clang=en`,
  `/api/manga_viewer?chapter_id=${chapter}&split=yes&img_quality=high`,
];

/** One load of one endpoint on one side: its rate and p99; the metrics side is scraped meanwhile. */
async function load(side: Side, p: string): Promise<{ rps: number; p99: number }> {
  const url = servers[side].info.url;
  const scrapes: Promise<unknown>[] = [];
  const scraper =
    side === 'metrics'
      ? setInterval(
          () => scrapes.push(fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text())),
          1000,
        )
      : undefined;
  const r = await autocannon({
    url: url + p,
    connections: 32,
    duration: SECONDS,
    headers: { 'session-token': 'be0c4000000000000000000000000001' },
  });
  clearInterval(scraper);
  await Promise.all(scrapes);
  if (r.non2xx > 0) throw new Error(`${side} ${p}: ${r.non2xx} non-2xx answers`);
  if (side === 'metrics' && scrapes.length === 0) throw new Error('metrics were never scraped');
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const got: Record<string, Record<Side, { rps: number; p99: number }[]>> = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]);
  for (const p of ENDPOINTS) {
    const e = (got[p] ??= { off: [], metrics: [], traced: [], all: [] });
    for (const side of order) e[side].push(await load(side, p));
  }
}
const spans = (await (await fetch(`http://127.0.0.1:${receiver.info.port}/stats`)).json()) as {
  requests: number;
  bytes: number;
  spans: number;
};
for (const side of SIDES) await stop(servers[side].proc);
await stop(receiver.proc);

const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(
  `API throughput with metrics and tracing: ${SECONDS} s per endpoint and side, ${ROUNDS} rounds in turning order, 32 connections, ${os.cpus().length} cores.`,
);
console.log('ratio = median over the rounds of (side req/s ÷ off req/s in the same round) [min–max]; req/s and p99 ms are medians');
console.log(
  'endpoint'.padEnd(24),
  'off req/s'.padStart(10),
  ...(['metrics', 'traced 0.1', 'all sampled'] as const).map((h) => h.padStart(24)),
);
const missed: string[] = [];
for (const p of ENDPOINTS) {
  const e = got[p];
  const name = `GET ${p.split('?')[0]}`;
  const cells = (['metrics', 'traced', 'all'] as const).map((side) => {
    const ratios = e[side].map((r, i) => r.rps / e.off[i].rps);
    const m = median(ratios);
    if (m < TARGET[side]) missed.push(`${name} ${side} ${m.toFixed(2)} < ${TARGET[side]}`);
    return `${m.toFixed(2)} [${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}] p99 ${median(e[side].map((r) => r.p99))}`.padStart(
      24,
    );
  });
  console.log(
    name.padEnd(24),
    `${median(e.off.map((r) => r.rps)).toFixed(0)} p99 ${median(e.off.map((r) => r.p99))}`.padStart(10),
    ...cells,
  );
}
console.log(`the receiver got ${spans.spans} spans in ${spans.requests} OTLP requests (${(spans.bytes / 1024 / 1024).toFixed(1)} MiB)`);
if (spans.spans === 0) throw new Error('no span reached the receiver: tracing was not on');
console.log(
  `targets: metrics ≥ ${TARGET.metrics}, traced at the default sampling ≥ ${TARGET.traced}, every request sampled ≥ ${TARGET.all}: ${missed.length ? `missed: ${missed.join('; ')}` : 'all met'}`,
);
