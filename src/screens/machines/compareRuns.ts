import type { AnyStateMachine } from 'xstate';
import { replayEvents, type Ev } from './machineReplay';

/**
 * Two recorded runs of one machine side by side: their steps aligned by the
 * events they share (longest common subsequence, so one extra event shifts
 * nothing after it), the first row where the event, state or context differ,
 * the context diff there, and each run's route (transition keys and states,
 * from replaying its events on the machine) for drawing both on one chart.
 */
interface RunStep {
  event: Ev;
  value: unknown;
  context: unknown;
}

export interface Run {
  label: string;
  input: unknown;
  steps: RunStep[];
}

interface Row {
  a: RunStep | null;
  b: RunStep | null;
  differs: boolean;
}

const json = (v: unknown) => JSON.stringify(v ?? null);

export function alignRuns(a: Run, b: Run): Row[] {
  const ea = a.steps.map((s) => json(s.event));
  const eb = b.steps.map((s) => json(s.event));
  // lcs[i][j]: length of the common subsequence of ea[i..] and eb[j..].
  const lcs = Array.from({ length: ea.length + 1 }, () => new Array<number>(eb.length + 1).fill(0));
  for (let i = ea.length - 1; i >= 0; i--)
    for (let j = eb.length - 1; j >= 0; j--) lcs[i][j] = ea[i] === eb[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const rows: Row[] = [];
  let i = 0;
  let j = 0;
  const row = (x: RunStep | null, y: RunStep | null) =>
    rows.push({ a: x, b: y, differs: !x || !y || json(x.value) !== json(y.value) || json(x.context) !== json(y.context) });
  while (i < ea.length || j < eb.length) {
    if (i < ea.length && j < eb.length && ea[i] === eb[j]) row(a.steps[i++], b.steps[j++]);
    else if (i < ea.length && j < eb.length && lcs[i + 1][j + 1] === lcs[i][j])
      // Both runs took a different event here: one row, shown apart.
      row(a.steps[i++], b.steps[j++]);
    else if (j >= eb.length || (i < ea.length && lcs[i + 1][j] >= lcs[i][j + 1])) row(a.steps[i++], null);
    else row(null, b.steps[j++]);
  }
  return rows;
}

export function firstDifference(rows: Row[]): number {
  return rows.findIndex((r) => r.differs);
}

interface ContextChange {
  key: string;
  a: string;
  b: string;
}

export function contextDiff(a: unknown, b: unknown): ContextChange[] {
  const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : { value: v });
  const x = obj(a);
  const y = obj(b);
  return [...new Set([...Object.keys(x), ...Object.keys(y)])]
    .filter((k) => json(x[k]) !== json(y[k]))
    .map((k) => ({ key: k, a: k in x ? json(x[k]) : '—', b: k in y ? json(y[k]) : '—' }));
}

/** The transitions and states a run took, from replaying its events on the machine. */
export function route(machine: AnyStateMachine, run: Run): { edges: string[]; states: string[] } {
  const r = replayEvents(
    machine,
    run.input,
    run.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init'),
  );
  return { edges: r.steps.flatMap((s) => s.transitions), states: [...new Set(r.steps.flatMap((s) => s.states))] };
}
