#!/usr/bin/env node
// Writes tests/timing/durations.json: the seconds each test file took, read
// from Vitest JSON reports (default .tmp/vitest-results.json, the one
// `npm test` writes), for the sequencer in vitest.config.ts, which runs the longest
// files first. Files missing from the reports keep their earlier figure.
//
//   node scripts/testDurations.mjs [report.json ...]
import fs from 'node:fs';
import path from 'node:path';

const out = 'tests/timing/durations.json';
const reports = process.argv.slice(2).length ? process.argv.slice(2) : ['.tmp/vitest-results.json'];
const seconds = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
for (const r of reports) {
  for (const f of JSON.parse(fs.readFileSync(r, 'utf8')).testResults) {
    if (f.endTime > f.startTime) seconds[path.relative(process.cwd(), f.name)] = Math.round((f.endTime - f.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
fs.writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${out}: ${Object.keys(sorted).length} files`);
