import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createActor, type AnyStateMachine, type AnyStateNode } from 'xstate';

/**
 * Records which states and transitions of a machine the generated paths
 * reach, so `npm test` can print the coverage table
 * (scripts/coverageTable.mjs merges every record of a run).
 *
 * Call it once per set of paths a test executes:
 *   const paths = model.getShortestPaths();
 *   recordCoverage('favoriteToggle', machine, paths);
 *
 * Each step is replayed on an actor restored from the step before, with
 * the machine's effects stubbed, and the machine itself reports the
 * transitions it took, eventless ones included. The start is replayed
 * the same way when the path carries the machine's input; otherwise its
 * eventless transitions are inferred from the settled snapshot.
 */
export interface PathLike {
  steps: Array<{ state: unknown; event: { type: string } }>;
  /** The machine's input, when the path carries it: the start is then replayed too. */
  input?: unknown;
}

export interface CoverageExceptions {
  /** State id → why no path can reach it. */
  states?: Record<string, string>;
  /** Transition key ("<source id> <event>") → why no path takes it. */
  transitions?: Record<string, string>;
}

interface Snap {
  value: unknown;
  _nodes: AnyStateNode[];
}

function allNodes(root: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (n: AnyStateNode) => {
    out.push(n);
    for (const c of Object.values(n.states ?? {})) walk(c as AnyStateNode);
  };
  walk(root);
  return out;
}

/** Every transition as "<source id> <event type>#<index>". */
export function transitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const n of allNodes(machine.root)) {
    for (const [type, defs] of n.transitions) defs.forEach((_d: unknown, i: number) => keys.push(`${n.id} ${type}#${i}`));
    (n.always ?? []).forEach((_d: unknown, i: number) => keys.push(`${n.id} (always)#${i}`));
  }
  return keys;
}

export function stateKeys(machine: AnyStateMachine): string[] {
  return allNodes(machine.root).map((n) => n.id);
}

function targetsActive(targets: readonly AnyStateNode[] | undefined, next: Snap): boolean {
  if (!targets || targets.length === 0) return false;
  return targets.every((t) => next._nodes.includes(t));
}

type Transition = { source: AnyStateNode; eventType: string };

/** A transition's key: "<source id> <event type>#<index>", eventless ones "(always)". */
function keyOf(t: Transition): string {
  const list: unknown[] = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} ${t.eventType === '' ? '(always)' : t.eventType}#${list.indexOf(t)}`;
}

/** The machine with its named effects stubbed (assign and the other built-ins kept), so replaying a step touches nothing. */
const inertMachines = new WeakMap<AnyStateMachine, AnyStateMachine>();
function inert(machine: AnyStateMachine): AnyStateMachine {
  let m = inertMachines.get(machine);
  if (!m) {
    const effects = Object.entries(machine.implementations.actions).filter(
      ([, a]) => !(typeof a === 'function' && 'type' in a && String(a.type).startsWith('xstate.')),
    );
    m = machine.provide({ actions: Object.fromEntries(effects.map(([name]) => [name, () => {}])) });
    inertMachines.set(machine, m);
  }
  return m;
}

/**
 * The transitions the machine reports taking, every microstep included
 * (eventless ones too, with the context they saw), while `act` runs on an
 * actor of the machine with its effects stubbed.
 */
function reported(
  machine: AnyStateMachine,
  options: { snapshot?: unknown; input?: unknown },
  act: (send: (e: { type: string }) => void) => void,
) {
  const m = inert(machine);
  const taken: string[] = [];
  let recording = !options.snapshot;
  const actor = createActor(m, {
    ...(options.snapshot ? { snapshot: m.getPersistedSnapshot(options.snapshot as never) } : {}),
    ...(options.input === undefined ? {} : { input: options.input }),
    inspect: (e) => {
      if (recording && e.type === '@xstate.microstep')
        for (const t of (e as unknown as { _transitions: Transition[] })._transitions) taken.push(keyOf(t));
    },
  });
  actor.start();
  recording = true;
  act((e) => actor.send(e));
  actor.stop();
  return taken;
}

/** Which transitions a step from prev on event took: the step replayed on an actor restored from prev. */
const takenBy = (machine: AnyStateMachine, prev: Snap, event: { type: string }) =>
  reported(machine, { snapshot: prev }, (send) => send(event));

/** Evaluates a named guard against a snapshot; undefined when it cannot tell. */
function guardPasses(machine: AnyStateMachine, guard: unknown, snap: Snap): boolean | undefined {
  if (guard === undefined) return true;
  const type = typeof guard === 'string' ? guard : typeof guard === 'object' && guard && 'type' in guard ? String(guard.type) : undefined;
  const params = typeof guard === 'object' && guard && 'params' in guard ? guard.params : undefined;
  const impl = type ? (machine.implementations.guards as Record<string, unknown>)[type] : undefined;
  if (typeof impl !== 'function') return undefined;
  try {
    return !!(impl as (a: unknown, p: unknown) => boolean)(
      { context: (snap as unknown as { context: unknown }).context, event: { type: '' } },
      typeof params === 'function' ? undefined : params,
    );
  } catch {
    return undefined;
  }
}

/** A node and the initial descendants entered with it. */
function withInitials(n: AnyStateNode): AnyStateNode[] {
  const init = n.initial?.target ?? [];
  return [n, ...init.flatMap(withInitials)];
}

/**
 * Eventless transitions fire right after an event (or the start): count those
 * whose targets are now active while their source is not. Their source is a
 * transient state, never seen in a snapshot, so it counts as reached too.
 */
function alwaysTaken(machine: AnyStateMachine, next: Snap, entered: AnyStateNode[]): string[] {
  const taken: string[] = [];
  // Follow chains of transient states: entered → always target → its always…
  const seen = new Set(entered);
  for (const m of allNodes(machine.root)) {
    if (!seen.has(m)) continue;
    const defs = (m.always ?? []) as Array<{ target?: readonly AnyStateNode[] | undefined; guard?: unknown }>;
    // The first candidate whose guard passes wins (guards read the context, which
    // these eventless steps leave as it was); without a readable guard, the first
    // candidate whose targets are active.
    let i = defs.findIndex((d) => guardPasses(machine, d.guard, next) === true);
    if (i < 0 || !targetsActive(defs[i].target, next)) i = defs.findIndex((d) => targetsActive(d.target, next));
    if (i >= 0 && !next._nodes.includes(m)) {
      taken.push(`${m.id} (always)#${i}`);
      for (const t of defs[i].target ?? []) for (const x of withInitials(t)) seen.add(x);
    }
  }
  return taken;
}

export function recordCoverage(
  name: string,
  machine: AnyStateMachine,
  paths: PathLike[],
  exceptions: CoverageExceptions = {},
  /** 'ui': paths executed against the rendered UI; 'machine': against the machine alone. */
  against: 'ui' | 'machine' = 'ui',
): { states: string[]; transitions: string[] } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const p of paths) {
    let prev: Snap | undefined;
    for (const step of p.steps) {
      const snap = step.state as Snap;
      for (const n of snap._nodes) states.add(n.id);
      const keys =
        prev && !step.event.type.startsWith('xstate.init')
          ? takenBy(machine, prev, step.event)
          : 'input' in p
            ? reported(machine, { input: p.input }, () => {})
            : alwaysTaken(machine, snap, withInitials(machine.root));
      for (const k of keys) {
        transitions.add(k);
        if (k.includes(' (always)#')) states.add(k.slice(0, k.indexOf(' ')));
      }
      prev = snap;
    }
  }
  const record = {
    name,
    totalStates: stateKeys(machine),
    totalTransitions: transitionKeys(machine),
    states: [...states],
    transitions: [...transitions],
    exceptions,
    against,
  };
  // MODEL_COVERAGE_DIR: a separate folder for one set of tests (scripts/coverageTable.mjs reads the same variable).
  const dir = path.resolve(process.cwd(), process.env.MODEL_COVERAGE_DIR ?? '.tmp/model-coverage');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.${crypto.randomUUID()}.json`), JSON.stringify(record));
  return { states: record.states, transitions: record.transitions };
}
