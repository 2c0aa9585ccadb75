#!/usr/bin/env node
// Prints the model-coverage table: for every machine in machines/, the
// states and transitions reached by the generated paths the tests executed
// (records written by tests/model/coverage.ts into .tmp/model-coverage/, or
// into $MODEL_COVERAGE_DIR when set),
// out of the machine's totals, with the listed exceptions and their reasons.
// Machines with no record are flagged. Exit code 0: the tests decide.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.MODEL_COVERAGE_DIR ?? '.tmp/model-coverage';
const records = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
  : [];

const merged = new Map();
for (const r of records) {
  const m = merged.get(r.name) ?? {
    against: new Set(),
    states: new Set(),
    transitions: new Set(),
    totalStates: r.totalStates,
    totalTransitions: r.totalTransitions,
    exceptions: { states: {}, transitions: {} },
  };
  m.against.add(r.against ?? 'ui');
  for (const s of r.states) m.states.add(s);
  for (const t of r.transitions) m.transitions.add(t);
  Object.assign(m.exceptions.states, r.exceptions?.states ?? {});
  Object.assign(m.exceptions.transitions, r.exceptions?.transitions ?? {});
  merged.set(r.name, m);
}

const machines = fs
  .readdirSync('machines')
  .filter((f) => /Machine\.ts$/.test(f))
  .map((f) => f.replace(/Machine\.ts$/, ''))
  .sort();

const pct = (a, b) => (b === 0 ? '100%' : `${Math.floor((a / b) * 1000) / 10}%`);
const rows = [];
let full = 0;
const notes = [];
for (const name of machines) {
  const m = merged.get(name);
  if (!m) {
    rows.push([name, '-', '-', '-', 'NO MODEL TEST']);
    continue;
  }
  const exS = Object.keys(m.exceptions.states);
  const exT = Object.keys(m.exceptions.transitions);
  const s = m.totalStates.filter((x) => m.states.has(x) || exS.includes(x)).length;
  const t = m.totalTransitions.filter((x) => m.transitions.has(x) || exT.includes(x)).length;
  const ok = s === m.totalStates.length && t === m.totalTransitions.length;
  if (ok) full++;
  rows.push([
    name,
    [...m.against].sort().reverse().join('+'),
    `${s}/${m.totalStates.length} ${pct(s, m.totalStates.length)}`,
    `${t}/${m.totalTransitions.length} ${pct(t, m.totalTransitions.length)}`,
    ok ? (exS.length + exT.length ? 'ok (exceptions)' : 'ok') : 'MISSING',
  ]);
  for (const [k, why] of [...Object.entries(m.exceptions.states), ...Object.entries(m.exceptions.transitions)])
    notes.push(`  ${name}: ${k}: ${why}`);
  if (!ok) {
    for (const x of m.totalStates.filter((x) => !m.states.has(x) && !exS.includes(x))) notes.push(`  ${name}: state not reached: ${x}`);
    for (const x of m.totalTransitions.filter((x) => !m.transitions.has(x) && !exT.includes(x)))
      notes.push(`  ${name}: transition not taken: ${x}`);
  }
}

const head = ['machine', 'paths run on', 'states reached', 'transitions taken', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ');
console.log('\nModel coverage (generated paths; "ui" = executed against the rendered UI)');
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
if (notes.length) {
  console.log('\nExceptions and gaps:');
  for (const n of notes) console.log(n);
}
console.log(`\nmachines at 100% (or listed exceptions): ${full}/${machines.length}`);
