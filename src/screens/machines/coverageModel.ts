/**
 * The model-coverage record `npm test` writes (tests/model/coverage.ts: one
 * file per UI or machine-only run; scripts/coverageTable.mjs gathers them into
 * `.tmp/model-coverage.json`) read for the explorer: per machine, how many UI
 * runs took each state and transition, the listed exceptions with their
 * reasons, and the same "covered/total percent" the coverage table prints.
 */
export interface CoverageRecord {
  name: string;
  totalStates: string[];
  totalTransitions: string[];
  states: string[];
  transitions: string[];
  exceptions?: { states?: Record<string, string>; transitions?: Record<string, string> };
  against?: 'ui' | 'machine';
}

/** What scripts/coverageTable.mjs writes: every record of the last run. */
interface CoverageFile {
  format: 'model-coverage/1';
  records: CoverageRecord[];
}

export interface MachineCoverage {
  /** UI runs that recorded this machine. */
  runs: number;
  /** State id → UI runs that entered it. */
  states: Map<string, number>;
  /** Transition key ("<source id> <event>#<index>") → UI runs that took it. */
  transitions: Map<string, number>;
  /** State id or transition key → why the product cannot reach it (only those no run reached). */
  exceptions: Map<string, string>;
  totalStates: string[];
  totalTransitions: string[];
}

const isRecord = (r: unknown): r is CoverageRecord =>
  !!r &&
  typeof r === 'object' &&
  typeof (r as CoverageRecord).name === 'string' &&
  Array.isArray((r as CoverageRecord).states) &&
  Array.isArray((r as CoverageRecord).transitions) &&
  Array.isArray((r as CoverageRecord).totalStates) &&
  Array.isArray((r as CoverageRecord).totalTransitions);

/** Reads the gathered file, a list of records or one record (a file of .tmp/model-coverage/); throws on anything else. */
export function parseCoverage(json: unknown): CoverageRecord[] {
  const list: unknown[] =
    json && typeof json === 'object' && (json as CoverageFile).format === 'model-coverage/1'
      ? (json as CoverageFile).records
      : Array.isArray(json)
        ? json
        : [json];
  if (!list.every(isRecord)) throw new Error('not a model-coverage record');
  return list;
}

/** The UI coverage of one machine by name (null: no UI run recorded it). */
export function machineCoverage(records: CoverageRecord[], name: string): MachineCoverage | null {
  const ui = records.filter((r) => r.name === name && (r.against ?? 'ui') === 'ui');
  if (!ui.length) return null;
  const states = new Map<string, number>();
  const transitions = new Map<string, number>();
  const listed = new Map<string, string>();
  for (const r of ui) {
    for (const s of new Set(r.states)) states.set(s, (states.get(s) ?? 0) + 1);
    for (const t of new Set(r.transitions)) transitions.set(t, (transitions.get(t) ?? 0) + 1);
    for (const [k, why] of Object.entries({ ...r.exceptions?.states, ...r.exceptions?.transitions })) listed.set(k, why);
  }
  // As the table: an exception one run lists that another reached is not shown.
  const exceptions = new Map([...listed].filter(([k]) => !states.has(k) && !transitions.has(k)));
  return { runs: ui.length, states, transitions, exceptions, totalStates: ui[0].totalStates, totalTransitions: ui[0].totalTransitions };
}

/** "covered/total percent" exactly as scripts/coverageTable.mjs prints it (covered: taken or listed as an exception). */
export function fraction(c: MachineCoverage, kind: 'states' | 'transitions'): string {
  const total = kind === 'states' ? c.totalStates : c.totalTransitions;
  const seen = c[kind];
  const n = total.filter((x) => seen.has(x) || c.exceptions.has(x)).length;
  const pct = total.length === 0 ? '100%' : `${Math.floor((n / total.length) * 1000) / 10}%`;
  return `${n}/${total.length} ${pct}`;
}

/** Whether every state and transition was taken or is a listed exception. */
export function isFull(c: MachineCoverage): boolean {
  const ok = (x: string, seen: Map<string, number>) => seen.has(x) || c.exceptions.has(x);
  return c.totalStates.every((s) => ok(s, c.states)) && c.totalTransitions.every((t) => ok(t, c.transitions));
}

/** The coverage key of a drawn transition: its source, event ("(always)" for eventless) and index among that event's definitions. */
export function transitionKey(source: string, event: string, index: number): string {
  return `${source} ${event === '' ? '(always)' : event}#${index}`;
}
