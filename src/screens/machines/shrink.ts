import type { AnyStateMachine } from 'xstate';
import { replayEvents, type Ev } from './machineReplay';
import type { RecordedPath } from './recordedTest';

/**
 * Shrinks a recording before it becomes a test: removes events (halves,
 * then quarters, down to single events, again until nothing more goes) while
 * the rest, replayed on the machine, still ends in the same state (and, when
 * asked, the same context) without an error.
 */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function shrinkEvents(machine: AnyStateMachine, input: unknown, events: Ev[], options: { sameContext?: boolean } = {}): Ev[] {
  const full = replayEvents(machine, input, events);
  const goal = full.steps[full.steps.length - 1];
  if (full.error || !goal) return events;
  const reaches = (list: Ev[]) => {
    const r = replayEvents(machine, input, list);
    const end = r.steps[r.steps.length - 1];
    return !r.error && !!end && same(end.value, goal.value) && (!options.sameContext || same(end.context, goal.context));
  };
  let list = events;
  for (let size = Math.max(1, Math.floor(list.length / 2)); size >= 1;) {
    let removed = false;
    for (let at = 0; at < list.length;) {
      const without = [...list.slice(0, at), ...list.slice(at + size)];
      if (reaches(without)) {
        list = without;
        removed = true;
      } else at += size;
    }
    // A removal can make an earlier one possible: go again at this size before going smaller.
    if (!removed) size = size === 1 ? 0 : Math.max(1, Math.floor(size / 2));
  }
  return list;
}

/** Events replayed into the model path the explorer exports (the state after each as the machine gives it). */
export function eventsAsPath(machineName: string, machine: AnyStateMachine, input: unknown, events: Ev[]): RecordedPath {
  const r = replayEvents(machine, input, events);
  return {
    format: 'machine-explorer-path/1',
    machine: machineName,
    input: input ?? null,
    start: r.steps[0]?.value ?? null,
    steps: r.steps.slice(1).map((s) => ({ event: s.event, value: s.value })),
  };
}
