import { getNextSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { microstepsOf } from './microsteps';

/**
 * When a breakpoint stops an actor: before it takes an event that would
 * enter a state (not already active) or take a transition (by its coverage
 * key), optionally only when a condition holds on the event or the context
 * ("event.message == \"offline\"", "context.likes >= 3"; a path, a comparison,
 * a JSON value: the page's policy allows no eval, and a breakpoint needs no more).
 */
export interface Breakpoint {
  id: string;
  /** The machine's id. */
  machineId: string;
  kind: 'state' | 'transition';
  /** A state id, or a transition key ("<source id> <event>#<index>"). */
  target: string;
  condition: string;
}

type Op = '==' | '!=' | '>=' | '<=' | '>' | '<';

/** A condition read: null when it is empty; an error message when it cannot be read. */
export function parseCondition(text: string): { path: string[]; op: Op; value: unknown } | string | null {
  const s = text.trim();
  if (!s) return null;
  const m = /^((?:event|context)(?:\.[\w$-]+)*)\s*(==|!=|>=|<=|>|<)\s*(.+)$/.exec(s);
  if (!m) return 'write: event.<field> or context.<field>, then == != > < >= <=, then a JSON value';
  try {
    return { path: m[1].split('.'), op: m[2] as Op, value: JSON.parse(m[3]) as unknown };
  } catch {
    return `not a JSON value: ${m[3]}`;
  }
}

export function conditionHolds(text: string, scope: { event: unknown; context: unknown }): boolean {
  const c = parseCondition(text);
  if (c === null) return true;
  if (typeof c === 'string') return false;
  let v: unknown = scope;
  for (const p of c.path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  const same = JSON.stringify(v) === JSON.stringify(c.value);
  if (c.op === '==') return same;
  if (c.op === '!=') return !same;
  if (typeof v !== 'number' || typeof c.value !== 'number') return false;
  return c.op === '>' ? v > c.value : c.op === '<' ? v < c.value : c.op === '>=' ? v >= c.value : v <= c.value;
}

type Snap = { context: unknown; _nodes?: AnyStateNode[] };

/** The breakpoint this event hits on an actor of the machine in this snapshot (none: undefined). */
export function hits(machine: AnyStateMachine, snapshot: Snap, event: { type: string }, list: Breakpoint[]): Breakpoint | undefined {
  const mine = list.filter((b) => b.machineId === machine.id && conditionHolds(b.condition, { event, context: snapshot.context }));
  if (!mine.length) return undefined;
  let taken: string[] = [];
  let entered: Set<string> = new Set();
  try {
    // Every transition of the macrostep: the event's own, then eventless ones and raised events.
    taken = (microstepsOf(machine, snapshot, event) ?? []).flatMap((m) => m.transitions.map((t) => t.key));
    const before = new Set((snapshot._nodes ?? []).map((n) => n.id));
    const next = getNextSnapshot(machine, snapshot as never, event as never) as unknown as Snap;
    entered = new Set((next._nodes ?? []).map((n) => n.id).filter((id) => !before.has(id)));
  } catch {
    return undefined;
  }
  return mine.find((b) => (b.kind === 'state' ? entered.has(b.target) : taken.includes(b.target)));
}
