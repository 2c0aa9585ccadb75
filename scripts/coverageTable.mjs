#!/usr/bin/env node
// Prints the model-coverage table and fails unless every machine is fully
// covered through the UI. For every machine in machines/ (the files
// machines/index.ts registers), two columns apart: what the UI tests executed
// (records written by tests/model/coverage.ts with against "ui": the app's own
// actors observed while the real screens were driven, or paths checked on a
// browser's screen) and what the machine-only tests reached (machines/*.test.ts).
// Records are read from .tmp/model-coverage/, or $MODEL_COVERAGE_DIR when set.
// Every record read is also written, gathered, to .tmp/model-coverage.json (or
// $MODEL_COVERAGE_FILE): the machine explorer colours its charts with it
// (served at /machines/coverage.json, or dropped on the explorer).
//
// Exit code 1 when a machine has no UI record, when its UI coverage is under
// 100% of its states and transitions minus the UI tests' listed exceptions, or
// when an exception is wrong: without a reason, or naming nothing in the
// machine. An exception one UI test lists for what another reaches is not shown.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.MODEL_COVERAGE_DIR ?? '.tmp/model-coverage';
const records = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
  : [];

/** name → against ("ui" | "machine") → merged record. */
const merged = new Map();
for (const r of records) {
  const against = r.against ?? 'ui';
  const byKind = merged.get(r.name) ?? new Map();
  merged.set(r.name, byKind);
  const m = byKind.get(against) ?? {
    states: new Set(),
    transitions: new Set(),
    totalStates: r.totalStates,
    totalTransitions: r.totalTransitions,
    exceptions: { states: {}, transitions: {} },
  };
  byKind.set(against, m);
  for (const s of r.states) m.states.add(s);
  for (const t of r.transitions) m.transitions.add(t);
  Object.assign(m.exceptions.states, r.exceptions?.states ?? {});
  Object.assign(m.exceptions.transitions, r.exceptions?.transitions ?? {});
}

const machineNames = (dir, prefix) =>
  fs
    .readdirSync(dir)
    .filter((f) => /Machine\.ts$/.test(f))
    .map((f) => f.replace(/Machine\.ts$/, ''))
    .map((n) => (prefix ? prefix + n[0].toUpperCase() + n.slice(1) : n));
// The console's machines (machines/console/<thing>Machine.ts) record as console<Thing>, their ids.
const machines = [...machineNames('machines', ''), ...machineNames('machines/console', 'console')].sort();

const pct = (a, b) => (b === 0 ? '100%' : `${Math.floor((a / b) * 1000) / 10}%`);
const frac = (a, b) => `${a}/${b} ${pct(a, b)}`;

/** Counts of one kind of record: states and transitions reached or excepted, and what is missing. */
function measure(m) {
  const exS = m.exceptions.states;
  const exT = m.exceptions.transitions;
  const s = m.totalStates.filter((x) => m.states.has(x) || x in exS).length;
  const t = m.totalTransitions.filter((x) => m.transitions.has(x) || x in exT).length;
  return {
    s,
    t,
    full: s === m.totalStates.length && t === m.totalTransitions.length,
    missing: [
      ...m.totalStates.filter((x) => !m.states.has(x) && !(x in exS)).map((x) => `state not reached: ${x}`),
      ...m.totalTransitions.filter((x) => !m.transitions.has(x) && !(x in exT)).map((x) => `transition not taken: ${x}`),
    ],
  };
}

/** What is wrong with a record's exceptions (none: []). */
function badExceptions(m) {
  const bad = [];
  const check = (kind, listed, total) => {
    for (const [k, why] of Object.entries(listed)) {
      if (typeof why !== 'string' || why.trim().length < 20) bad.push(`exception without a reason: ${k}`);
      if (!total.includes(k)) bad.push(`exception names no ${kind} of the machine: ${k}`);
    }
  };
  check('state', m.exceptions.states, m.totalStates);
  check('transition', m.exceptions.transitions, m.totalTransitions);
  return bad;
}

const rows = [];
const notes = [];
const failures = [];
for (const name of machines) {
  const ui = merged.get(name)?.get('ui');
  const alone = merged.get(name)?.get('machine');
  const a = alone && measure(alone);
  const machineCols = a ? [frac(a.s, alone.totalStates.length), frac(a.t, alone.totalTransitions.length)] : ['-', '-'];
  if (!ui) {
    rows.push([name, '-', '-', ...machineCols, 'NO UI TEST']);
    failures.push(`${name}: no UI test recorded its coverage`);
    continue;
  }
  const u = measure(ui);
  const bad = badExceptions(ui);
  // An exception one run listed that another run reached anyway is not needed: not shown.
  const exceptions = [...Object.entries(ui.exceptions.states), ...Object.entries(ui.exceptions.transitions)].filter(
    ([k]) => !ui.states.has(k) && !ui.transitions.has(k),
  );
  const ok = u.full && bad.length === 0;
  rows.push([
    name,
    frac(u.s, ui.totalStates.length),
    frac(u.t, ui.totalTransitions.length),
    ...machineCols,
    !ok ? 'MISSING' : exceptions.length ? `ok (${exceptions.length} exception${exceptions.length > 1 ? 's' : ''})` : 'ok',
  ]);
  for (const [k, why] of exceptions) notes.push(`  ${name}: ${k}: ${why}`);
  for (const x of [...u.missing, ...bad]) failures.push(`${name}: ${x}`);
}

const head = ['machine', 'UI states', 'UI transitions', 'machine-only states', 'machine-only transitions', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ');
console.log('\nModel coverage: UI = what the UI tests executed on the real screens; machine-only = paths run on the machine alone');
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
if (notes.length) {
  console.log('\nExceptions (states or transitions the product cannot reach, with why):');
  for (const n of notes) console.log(n);
}
const gathered = process.env.MODEL_COVERAGE_FILE ?? '.tmp/model-coverage.json';
fs.mkdirSync(path.dirname(gathered), { recursive: true });
fs.writeFileSync(gathered, JSON.stringify({ format: 'model-coverage/1', records }));
console.log(`\nCoverage on the charts: ${path.resolve(gathered)}`);
console.log(
  '  open /machines in the explorer (MACHINE_EXPLORER=1 or `npm run dev`), or drop that file on it; "Export SVG" saves a coloured chart.',
);
const full = rows.filter((r) => String(r[5]).startsWith('ok')).length;
console.log(`\nmachines at 100% UI coverage (or listed exceptions): ${full}/${machines.length}`);
if (failures.length) {
  console.log('\nUI coverage incomplete:');
  for (const f of failures) console.log(`  ${f}`);
  process.exit(1);
}
