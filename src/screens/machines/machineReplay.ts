import { createActor, type AnyStateMachine, type AnyStateNode, type InspectionEvent } from 'xstate';
import { transitionKey } from './coverageModel';

/**
 * Replays events on a fresh actor of a machine and reports, per event, the
 * state and context it led to and the transitions XState says it took (its
 * `@xstate.microstep` inspection events, eventless ones included: the same
 * source tests/model/coverage.ts counts). The explorer's path search, shrinking
 * and comparison all ask this one function.
 */
export type Ev = { type: string } & Record<string, unknown>;

export interface ReplayStep {
  event: Ev;
  value: unknown;
  context: unknown;
  /** Transition keys taken, microstep by microstep. */
  transitions: string[];
  /** State ids entered. */
  states: string[];
}

interface Replayed {
  /** The start (the initial microsteps) and then one per event. */
  steps: ReplayStep[];
  error: string | null;
}

type Taken = { source: AnyStateNode; eventType: string; target?: readonly AnyStateNode[] };

function keyOf(t: Taken): string {
  const list: unknown[] = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return transitionKey(t.source.id, t.eventType, list.indexOf(t));
}

/** The transition keys one `@xstate.microstep` inspection event reports as taken. */
export function takenKeys(e: InspectionEvent): string[] {
  if (e.type !== '@xstate.microstep') return [];
  return (e as unknown as { _transitions: Taken[] })._transitions.map(keyOf);
}

const plainContext = (c: unknown) =>
  JSON.parse(JSON.stringify(c ?? null, (_k, v: unknown) => (typeof v === 'function' ? undefined : v))) as unknown;

export function replayEvents(machine: AnyStateMachine, input: unknown, events: Ev[]): Replayed {
  let transitions: string[] = [];
  let states: string[] = [];
  const inspect = (e: InspectionEvent) => {
    // The machine's own microsteps, not its children's (the actor is not assigned yet during its first ones).
    if (e.type !== '@xstate.microstep' || e.actorRef.sessionId !== e.rootId) return;
    for (const t of (e as unknown as { _transitions: Taken[] })._transitions) {
      transitions.push(keyOf(t));
      for (const n of t.target ?? []) for (let x: AnyStateNode | undefined = n; x; x = x.parent) states.push(x.id);
    }
  };
  const actor = createActor(machine, { ...(input === undefined || input === null ? {} : { input }), inspect });
  const steps: ReplayStep[] = [];
  const take = (event: Ev) => {
    const snap = actor.getSnapshot() as { value: unknown; context: unknown; _nodes?: AnyStateNode[] };
    for (const n of snap._nodes ?? []) states.push(n.id);
    steps.push({ event, value: snap.value, context: plainContext(snap.context), transitions, states: [...new Set(states)] });
    transitions = [];
    states = [];
  };
  try {
    actor.start();
    take({ type: 'xstate.init' });
    for (const e of events) {
      actor.send(e);
      take(e);
    }
    const snap = actor.getSnapshot() as { status: string; error?: unknown };
    actor.stop();
    return { steps, error: snap.status === 'error' ? String(snap.error) : null };
  } catch (e) {
    return { steps, error: String(e) };
  }
}
