import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createActor, type AnyActorRef, type AnyStateMachine, type AnyStateNode, type InspectionEvent } from 'xstate';
import { addInspectionListener } from '../../web/inspector';

/**
 * Records which states and transitions of a machine were executed, so
 * `npm test` can print the coverage table (scripts/coverageTable.mjs merges
 * every record of a run, UI and machine-only apart).
 *
 * Two sources, both read from what XState itself reports (its inspection
 * API's `@xstate.microstep` events list the transitions each microstep took,
 * eventless ones included; nothing is inferred from guards):
 * - `observeMachine(machine)` watches the app's own actors of that machine
 *   (every actor is created with web/inspector.ts) while a UI test runs:
 *   what the UI did. `runUiModel` (uiModel.ts) records this.
 * - `recordCoverage(name, machine, paths)` replays generated paths on an
 *   actor of the machine with its effects stubbed: machine-only tests, and
 *   browser tests whose actors run in another process (tests/e2e), which
 *   check each step on screen before it counts.
 */
export interface PathLike {
  steps: Array<{ state: unknown; event: { type: string } }>;
  /** The machine's input (undefined: started without one). */
  input?: unknown;
}

export interface CoverageExceptions {
  /** State id → why the product cannot reach it. */
  states?: Record<string, string>;
  /** Transition key ("<source id> <event>#<index>") → why the product cannot take it. */
  transitions?: Record<string, string>;
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

type Transition = { source: AnyStateNode; eventType: string };

/** A transition's key: "<source id> <event type>#<index>", eventless ones "(always)". */
function keyOf(t: Transition): string {
  const list: unknown[] = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} ${t.eventType === '' ? '(always)' : t.eventType}#${list.indexOf(t)}`;
}

interface Seen {
  states: Set<string>;
  transitions: Set<string>;
}

/** Adds what one inspection event of a machine actor says was entered or taken. */
function note(seen: Seen, e: InspectionEvent): void {
  let snap: { _nodes?: AnyStateNode[] } | undefined;
  if (e.type === '@xstate.microstep' || e.type === '@xstate.snapshot') snap = e.snapshot as typeof snap;
  else if (e.type === '@xstate.actor') {
    try {
      snap = (e.actorRef as AnyActorRef).getSnapshot() as typeof snap;
    } catch {
      // Announced before its first snapshot: its first microstep or snapshot follows.
    }
  }
  for (const n of snap?._nodes ?? []) seen.states.add(n.id);
  if (e.type !== '@xstate.microstep') return;
  for (const t of (e as unknown as { _transitions: Transition[] })._transitions) {
    seen.transitions.add(keyOf(t));
    // Its source was active, though a transient one (left by an eventless transition) is in no settled snapshot.
    for (let n: AnyStateNode | undefined = t.source; n; n = n.parent) seen.states.add(n.id);
  }
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
 * Replays a path on an actor of the machine (effects stubbed): started with
 * the path's input, then each step's event sent to an actor restored from
 * the step before (so the replay follows the path even where it needed an
 * outside answer), noting every microstep the machine reports.
 */
function replay(machine: AnyStateMachine, p: PathLike, seen: Seen): void {
  const m = inert(machine);
  const inspect = (e: InspectionEvent) => note(seen, e);
  const opts = (snapshot: unknown) => ({
    ...(snapshot ? { snapshot: m.getPersistedSnapshot(snapshot as never) } : {}),
    ...(p.input === undefined ? {} : { input: p.input }),
    inspect,
  });
  let prev: unknown;
  for (const step of p.steps) {
    const start = step.event.type.startsWith('xstate.init') || prev === undefined;
    const actor = createActor(m, opts(start ? undefined : prev));
    actor.start();
    if (!start) actor.send(step.event);
    actor.stop();
    prev = step.state;
  }
}

/** The record scripts/coverageTable.mjs reads: one file per call. */
function write(name: string, machine: AnyStateMachine, seen: Seen, exceptions: CoverageExceptions, against: 'ui' | 'machine') {
  const record = {
    name,
    totalStates: stateKeys(machine),
    totalTransitions: transitionKeys(machine),
    states: [...seen.states],
    transitions: [...seen.transitions],
    exceptions,
    against,
  };
  // MODEL_COVERAGE_DIR: a separate folder for one set of tests (scripts/coverageTable.mjs reads the same variable).
  const dir = path.resolve(process.cwd(), process.env.MODEL_COVERAGE_DIR ?? '.tmp/model-coverage');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.${crypto.randomUUID()}.json`), JSON.stringify(record));
  return { states: record.states, transitions: record.transitions };
}

/** Records paths replayed on the machine (see above): 'machine' for machine-only tests, 'ui' for paths each checked on a browser's screen. */
export function recordCoverage(
  name: string,
  machine: AnyStateMachine,
  paths: PathLike[],
  exceptions: CoverageExceptions = {},
  against: 'ui' | 'machine' = 'ui',
): { states: string[]; transitions: string[] } {
  const seen: Seen = { states: new Set(), transitions: new Set() };
  for (const p of paths) replay(machine, p, seen);
  return write(name, machine, seen, exceptions, against);
}

/**
 * Watches every actor of this machine (by id) that the app creates with its
 * inspector until `record` is called, which writes what they executed as UI
 * coverage and returns it.
 */
export function observeMachine(
  name: string,
  machine: AnyStateMachine,
): { record(exceptions?: CoverageExceptions): { states: string[]; transitions: string[] } } {
  const seen: Seen = { states: new Set(), transitions: new Set() };
  const stop = addInspectionListener((e) => {
    const logic = (e.actorRef as AnyActorRef & { logic?: { id?: string; root?: unknown } }).logic;
    if (logic && 'root' in logic && logic.id === machine.id) note(seen, e);
  });
  return {
    record(exceptions = {}) {
      stop();
      return write(name, machine, seen, exceptions, 'ui');
    },
  };
}
