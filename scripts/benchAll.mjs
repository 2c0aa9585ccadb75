#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ (bench/<name>.ts, one at a
// time, with tsx). Each prints its own figures and the ratio it is judged on
// (ours against a baseline measured in the same run). `npm run bench -- viewer`
// runs only the benchmarks whose file name contains "viewer".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const filter = process.argv[2] ?? '';
const files = fs
  .readdirSync('bench')
  .filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.startsWith('_') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.log(`no benchmark in bench/ matches "${filter}"`);
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== bench/${f} ===`);
  const r = spawnSync('npx', ['tsx', `bench/${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
