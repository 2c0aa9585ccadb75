/**
 * What operating it costs: the API's throughput with metrics and with
 * tracing, each against the same server with neither, in the same run.
 * Four sides, each the real server (SQLite, demo catalog, its logger at info
 * as deployed) in a process of its own (bench/_apiOpsRun.ts), all started
 * before any load:
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
 * Beside the rate, the server's own CPU per request (µs, its process's user and system time over the
 * load): a neighbour's burst slows a side's rate far more than it changes what each request costs, so
 * the CPU ratio (off's µs ÷ the side's, the rate the side would reach were CPU all it waited for) can
 * tell what a noisy machine's rates cannot.
 * BENCH_SIDES picks sides (default off,metrics,traced,all); three more take the traced side apart:
 *   unsampled  traced as deployed, at a ratio of 0: what a request the sampler drops costs;
 *   sdk      the tracing SDK and its module hooks with no instrumentation;
 *   http     only the HTTP instrumentation (outgoing calls);  fastify  only the request spans
 *            (server/plugins/tracing.ts; the names are OTEL_NODE_ENABLED_INSTRUMENTATIONS').
 *
 *   npm run bench -- apiOps          BENCH_ROUNDS=5 BENCH_SECONDS=4 npm run bench -- apiOps
 *   BENCH_SIDES=off,traced,sdk,http,fastify npm run bench -- apiOps
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const METRICS_TOKEN = 'bench-metrics-token';
const KNOWN = ['off', 'metrics', 'traced', 'all', 'unsampled', 'sdk', 'http', 'fastify'] as const;
type Side = (typeof KNOWN)[number];
const SIDES = (process.env.BENCH_SIDES ?? 'off,metrics,traced,all').split(',').map((x) => x.trim()) as Side[];
for (const side of SIDES) if (!KNOWN.includes(side)) throw new Error(`BENCH_SIDES: no side ${side} (${KNOWN.join(', ')})`);
if (SIDES[0] !== 'off') throw new Error('BENCH_SIDES: the first side is off (the others are judged against it)');
const TARGET: Partial<Record<Side, number>> = { metrics: 0.95, traced: 0.85, all: 0.5 };
/** What each traced side keeps of the instrumentations (server/telemetry.ts reads the standard variable). */
const ONLY: Partial<Record<Side, string>> = { sdk: 'none', http: 'http', fastify: 'fastify' };

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
  if (side !== 'off' && side !== 'metrics')
    Object.assign(env, {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${receiver}/v1/traces`,
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
      ...(side === 'all' ? { OTEL_TRACES_SAMPLER: 'always_on' } : {}),
      ...(side === 'unsampled' ? { OTEL_TRACES_SAMPLER_ARG: '0' } : {}),

      ...(ONLY[side] ? { OTEL_NODE_ENABLED_INSTRUMENTATIONS: ONLY[side] } : {}),
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

/** The CPU (µs) a side's server has used so far. */
function cpu(side: Side): Promise<number> {
  const proc = servers[side].proc;
  return new Promise((resolve) => {
    proc.once('message', (m) => resolve((m as { cpu: number }).cpu));
    proc.send('cpu');
  });
}

interface Load {
  rps: number;
  p99: number;
  /** The server's CPU per request (µs). */
  cpu: number;
}

/** One load of one endpoint on one side: its rate, p99 and the server's CPU per request; the metrics side is scraped meanwhile. */
async function load(side: Side, p: string): Promise<Load> {
  const url = servers[side].info.url;
  const cpuBefore = await cpu(side);
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
  const used = (await cpu(side)) - cpuBefore;
  if (r.non2xx > 0) throw new Error(`${side} ${p}: ${r.non2xx} non-2xx answers`);
  if (side === 'metrics' && scrapes.length === 0) throw new Error('metrics were never scraped');
  return { rps: r.requests.average, p99: r.latency.p99, cpu: used / Math.max(1, r.requests.total) };
}

const got: Record<string, Record<Side, Load[]>> = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]);
  for (const p of ENDPOINTS) {
    const e = (got[p] ??= Object.fromEntries(KNOWN.map((k) => [k, []])) as unknown as Record<Side, Load[]>);
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
const OTHERS = SIDES.slice(1);
const HEAD: Record<Side, string> = {
  off: 'off',
  metrics: 'metrics',
  traced: 'traced 0.1',
  all: 'all sampled',
  unsampled: 'none sampled',
  sdk: 'sdk alone 0.1',
  http: 'http alone 0.1',
  fastify: 'fastify alone 0.1',
};
const range = (a: number[]) => `${median(a).toFixed(2)} [${Math.min(...a).toFixed(2)}–${Math.max(...a).toFixed(2)}]`;
console.log(
  `API throughput with metrics and tracing: ${SECONDS} s per endpoint and side, ${ROUNDS} rounds in turning order, 32 connections, ${os.cpus().length} cores.`,
);
console.log('rate = median over the rounds of (side req/s ÷ off req/s in the same round) [min–max]; req/s and p99 ms are medians;');
console.log("cpu = the same of (off's server CPU µs per request ÷ the side's): what the side would reach were CPU all it waited for");
console.log('endpoint'.padEnd(24), 'off req/s, p99, µs'.padStart(22), ...OTHERS.map((h) => HEAD[h].padStart(34)));
const missed: string[] = [];
for (const p of ENDPOINTS) {
  const e = got[p];
  const name = `GET ${p.split('?')[0]}`;
  const cells = OTHERS.map((side) => {
    const ratios = e[side].map((r, i) => r.rps / e.off[i].rps);
    const cpuRatios = e[side].map((r, i) => e.off[i].cpu / r.cpu);
    const m = median(ratios);
    const target = TARGET[side];
    if (target !== undefined && m < target) missed.push(`${name} ${side} ${m.toFixed(2)} < ${target}`);
    return `${range(ratios)} cpu ${range(cpuRatios)}`.padStart(34);
  });
  const off = `${median(e.off.map((r) => r.rps)).toFixed(0)}, ${median(e.off.map((r) => r.p99))}, ${median(e.off.map((r) => r.cpu)).toFixed(0)}`;
  console.log(name.padEnd(24), off.padStart(22), ...cells);
}
console.log(`the receiver got ${spans.spans} spans in ${spans.requests} OTLP requests (${(spans.bytes / 1024 / 1024).toFixed(1)} MiB)`);
if (spans.spans === 0 && OTHERS.some((x) => x === 'traced' || x === 'all'))
  throw new Error('no span reached the receiver: tracing was not on');
const judged = OTHERS.filter((x) => TARGET[x] !== undefined);
console.log(
  `targets: ${judged.map((x) => `${HEAD[x]} ≥ ${TARGET[x]}`).join(', ')}: ${missed.length ? `missed: ${missed.join('; ')}` : 'all met'}`,
);
