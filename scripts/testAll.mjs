#!/usr/bin/env node
// `npm test`: builds the web app (the e2e suite serves it), runs every Vitest
// project (unit, ui, server on SQLite and on PostgreSQL when
// TEST_DATABASE_URL is set, e2e in Debian's Chromium), prints the machine
// coverage table (its failure, a machine short of 100% UI coverage, counts as
// one failed), and ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts });

/**
 * A hang guard, not a time limit on any test: a whole run takes about 30 minutes on CI's two cores, and
 * CI stops at 90 without saying what was still running. Past TEST_HANG_MINUTES (default 70) of Vitest, the
 * processes still running under it are printed (which test files' browsers and servers, by their command
 * lines) and the run is stopped: the run fails, saying where it hung.
 */
function vitestWatched(args) {
  const minutes = Number(process.env.TEST_HANG_MINUTES ?? 70) || 70;
  const child = spawn('npx', args, { stdio: 'inherit', detached: true });
  const timer = setTimeout(() => {
    timer.fired = true;
    console.log(`\nVitest still running after ${minutes} minutes: the processes under it, then the run is stopped.`);
    spawnSync('ps', ['-o', 'pid,etime,args', '--forest', '-g', String(child.pid)], { stdio: 'inherit' });
    try {
      process.kill(-child.pid, 'SIGTERM');
      setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000).unref();
    } catch {
      // Already gone.
    }
  }, minutes * 60_000);
  // Its own process group (so the guard can stop all of it): a Ctrl-C or a stop of this script reaches it too.
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, () => {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // Already gone.
      }
    });
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ status: code ?? (signal ? 1 : 0), hung: timer.fired === true });
    }),
  );
}

fs.mkdirSync('.tmp', { recursive: true });
// Coverage records of this run only.
fs.rmSync('.tmp/model-coverage', { recursive: true, force: true });
// The web app, then its server-rendering bundle and the viewer's inlined first-page script
// (package.json build:ssr → dist-ssr/).
const build = run('npx', ['vite', 'build', '--logLevel', 'warn']);
const ssr = build.status === 0 ? run('npm', ['run', '--silent', 'build:ssr', '--', '--logLevel', 'warn']) : build;
if (build.status !== 0 || ssr.status !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const extra = process.argv.slice(2);
const out = '.tmp/vitest-results.json';
fs.rmSync(out, { force: true });
const res = await vitestWatched(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra]);

let passed = 0;
let failed;
let skipped = 0;
try {
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  // A file that failed without a failing test (it did not load, a hook threw) counts once;
  // numFailedTestSuites would also count every describe block around a failing test.
  const brokenFiles = r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
  failed = r.numFailedTests + brokenFiles;
  skipped = r.numPendingTests + (r.numTodoTests ?? 0);
} catch {
  failed = 1;
}
if (res.hung) failed += 1;

// The machines' UI coverage (scripts/coverageTable.mjs): short of 100% (minus listed exceptions) is a failure
// of a whole run; a run of some files only prints it.
const coverage = run('node', ['scripts/coverageTable.mjs']);
if (coverage.status !== 0 && extra.length === 0) failed += 1;
// The same coverage on each machine's statechart, as SVG files for a pull request (scripts/coverageCharts.tsx);
// it prints where they are.
const charts = run('npx', ['tsx', 'scripts/coverageCharts.tsx']);
if (charts.status !== 0) failed += 1;

console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(res.status === 0 && failed === 0 ? 0 : 1);
