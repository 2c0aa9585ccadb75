import { createActor, type AnyActorScope, type AnyStateMachine, type AnyStateNode, type InspectionEvent } from 'xstate';
import { transitionKey } from './coverageModel';
import { plain } from './plainJson';

/**
 * The microsteps one event leads through in an actor (the event's own
 * transitions, then eventless `always` transitions and raised events, until
 * the machine is at rest), computed the way XState takes them: the machine's
 * own macrostep is run on the snapshot with an inert scope (no action runs,
 * nothing is sent) and its `@xstate.microstep` inspection events are read,
 * each with the transitions it took. A paused app tab shows them one by one.
 */
interface MicroTransition {
  source: string;
  /** State ids entered as targets; empty for a targetless transition. */
  targets: string[];
  /** The chart's edge key ("<source id> <event>#<index>"). */
  key: string;
}

export interface Microstep {
  /** The event this microstep took: the sent one, a raised one, or "" for an eventless transition. */
  event: string;
  transitions: MicroTransition[];
  /** The state value after it. */
  value: unknown;
}

type Def = { source: AnyStateNode; target?: AnyStateNode[] | undefined; eventType: string };

function describe(d: Def): MicroTransition {
  const list: unknown[] = d.eventType === '' ? (d.source.always ?? []) : (d.source.transitions.get(d.eventType) ?? []);
  return {
    source: d.source.id,
    targets: (d.target ?? []).map((n) => n.id),
    key: transitionKey(d.source.id, d.eventType, list.indexOf(d)),
  };
}

/** The microsteps of `event` from `snapshot`; null when XState cannot compute them off the actor (it threw). */
export function microstepsOf(machine: AnyStateMachine, snapshot: unknown, event: { type: string }): Microstep[] | null {
  const seen: Array<{ event: { type: string }; snapshot: { value?: unknown }; transitions: Def[] }> = [];
  try {
    // An actor only to be the scope's self (never started): its inspector hears the macrostep's microsteps.
    const self = createActor(machine, {
      inspect: (e: InspectionEvent) => {
        if (e.type === '@xstate.microstep' && e.actorRef === self)
          seen.push({ event: e.event, snapshot: e.snapshot as { value?: unknown }, transitions: e._transitions as unknown as Def[] });
      },
    });
    const scope = {
      self,
      defer: () => {},
      id: '',
      logger: () => {},
      sessionId: '',
      stopChild: () => {},
      system: self.system,
      emit: () => {},
      actionExecutor: () => {},
    } as unknown as AnyActorScope;
    machine.microstep(snapshot as never, event, scope);
  } catch {
    return null;
  }
  return seen.map((m) => {
    const transitions = m.transitions.map(describe);
    const eventless = m.transitions.length > 0 && m.transitions.every((d) => d.eventType === '');
    return { event: eventless ? '' : m.event.type, transitions, value: plain(m.snapshot.value ?? null) };
  });
}

/** "a → b, c" for a microstep's transitions (a targetless one stays where it is: "a ↺"). */
export function microstepLabel(m: Microstep): string {
  const moves = m.transitions.map((t) => (t.targets.length ? `${t.source} → ${t.targets.join(', ')}` : `${t.source} ↺`));
  return moves.join('; ');
}
