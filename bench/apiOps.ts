/**
 * The cost of operating it: the API's throughput with metrics
 * served and scraped (METRICS_TOKEN, /metrics read every second) and with
 * tracing on (OTEL_TRACES_EXPORTER=console into /dev/null: every span made
 * and serialised, none shipped), each against the same server with neither,
 * measured in the same run. Runs in order off, metrics, tracing, off: the two
 * "off" runs show the machine's drift, the ratios are against their mean.
 * Target: metrics at least 0.95 of off (no drop); tracing's cost is printed.
 *
 *   npm run bench -- apiOps
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Run = Record<string, { rps: number; p99: number }>;

function run(label: string, env: Record<string, string>): Run {
  const file = path.join(os.tmpdir(), `bench-apiops-${process.pid}-${label}.json`);
  const clean = { ...process.env };
  for (const k of Object.keys(clean)) if (k.startsWith('OTEL_') || k === 'METRICS_TOKEN') delete clean[k];
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', './server/telemetry.ts', 'bench/_apiOpsRun.ts'], {
    env: { ...clean, ...env, BENCH_OUT: file },
    // The console exporter writes every span to stdout: thrown away, as a collector far off would be.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${label} run failed (${r.status ?? r.signal})`);
  const out = JSON.parse(fs.readFileSync(file, 'utf8')) as Run;
  fs.rmSync(file);
  return out;
}

const off1 = run('off1', {});
const metrics = run('metrics', { METRICS_TOKEN: 'bench-metrics-token' });
const tracing = run('tracing', { OTEL_TRACES_EXPORTER: 'console', OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none' });
const off2 = run('off2', {});

console.log(
  `API throughput with metrics and tracing, ${process.env.BENCH_SECONDS ?? 4} s per endpoint, 32 connections, ${os.cpus().length} cores; order: off, metrics, tracing, off`,
);
console.log(
  'endpoint'.padEnd(24),
  'off req/s'.padStart(14),
  'metrics'.padStart(8),
  'ratio'.padStart(6),
  'tracing'.padStart(8),
  'ratio'.padStart(6),
  'p99 off/met/tr ms'.padStart(18),
);
const ratios: number[] = [];
for (const name of Object.keys(off1)) {
  const base = (off1[name].rps + off2[name].rps) / 2;
  const m = metrics[name].rps / base;
  ratios.push(m);
  console.log(
    name.padEnd(24),
    `${off1[name].rps.toFixed(0)}/${off2[name].rps.toFixed(0)}`.padStart(14),
    metrics[name].rps.toFixed(0).padStart(8),
    m.toFixed(2).padStart(6),
    tracing[name].rps.toFixed(0).padStart(8),
    (tracing[name].rps / base).toFixed(2).padStart(6),
    `${off1[name].p99}/${metrics[name].p99}/${tracing[name].p99}`.padStart(18),
  );
}
const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
console.log(`metrics served and scraped: mean ratio ${mean.toFixed(2)} of off (target at least 0.95)`);
