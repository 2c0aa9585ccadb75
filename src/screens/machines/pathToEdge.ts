import { getShortestPaths } from '@xstate/graph';
import type { AnyStateMachine } from 'xstate';
import { replayEvents, type Ev, type ReplayStep } from './machineReplay';
import type { RecordedPath } from './recordedTest';

/**
 * The shortest event path that takes a given transition (by its coverage
 * key): @xstate/graph's shortest paths to every reachable state, from each
 * input offered, shortest first; the first one that takes the transition on
 * the way, or right after with one more event, wins. Returned as the model
 * path the explorer exports (tests/model/recordedPath.ts runs it on the UI).
 */
interface FoundPath {
  input: unknown;
  events: Ev[];
  /** Start, then one per event: what each step shows on the chart. */
  steps: ReplayStep[];
}

/** How many states the search visits at most before giving up on telling states by their context. */
const LIMIT = 4000;

function shortest(machine: AnyStateMachine, input: unknown, events: Ev[]): Ev[][] {
  const opts = { ...(input === undefined ? {} : { input }), events: events as never, limit: LIMIT };
  let paths;
  try {
    paths = getShortestPaths(machine, opts);
  } catch {
    // Too many contexts to tell apart: states by their value alone.
    paths = getShortestPaths(machine, { ...opts, serializeState: (s) => JSON.stringify((s as { value: unknown }).value) });
  }
  return paths.map((p) => p.steps.map((s) => s.event as Ev).filter((e) => e.type !== 'xstate.init')).sort((a, b) => a.length - b.length);
}

export function pathToTransition(machine: AnyStateMachine, key: string, inputs: unknown[], events: Ev[]): FoundPath | null {
  let best: FoundPath | null = null;
  for (const input of inputs.length ? inputs : [undefined]) {
    for (const prefix of shortest(machine, input, events)) {
      if (best && prefix.length >= best.events.length) break;
      const run = replayEvents(machine, input, prefix);
      const at = run.steps.findIndex((s) => s.transitions.includes(key));
      if (at >= 0) {
        best = { input, events: prefix.slice(0, at), steps: run.steps.slice(0, at + 1) };
        break;
      }
      for (const e of events) {
        if (best && prefix.length + 1 >= best.events.length) break;
        const more = replayEvents(machine, input, [...prefix, e]);
        if (!more.error && more.steps[more.steps.length - 1]?.transitions.includes(key)) {
          best = { input, events: [...prefix, e], steps: more.steps };
          break;
        }
      }
    }
  }
  return best;
}

export function foundAsRecordedPath(machineName: string, p: FoundPath): RecordedPath {
  return {
    format: 'machine-explorer-path/1',
    machine: machineName,
    input: p.input ?? null,
    start: p.steps[0]?.value ?? null,
    steps: p.steps.slice(1).map((s) => ({ event: s.event, value: s.value })),
  };
}
