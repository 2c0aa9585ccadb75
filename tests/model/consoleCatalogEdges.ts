import { createTestModel } from '@xstate/graph';
import { createActor, type AnyStateMachine } from 'xstate';

/**
 * Event sequences that take every event a state accepts once: the shortest
 * path to each state the graph tells apart, then one more event. The
 * console's catalog machines have self-loops (a refused write returns to the
 * state it left, a move inside the board) that shortest paths never take and
 * simple paths multiply; this reaches each transition with few paths.
 */
export function edgeSequences(
  machine: AnyStateMachine,
  all: ReadonlyArray<{ type: string }>,
  opts: { input?: unknown; serializeState?: (s: { value: unknown; context: unknown }) => string } = {},
): Array<Array<{ type: string }>> {
  const model = createTestModel(machine, {
    ...(opts.input === undefined ? {} : { input: opts.input }),
    events: all as never,
    ...(opts.serializeState ? { serializeState: opts.serializeState as never } : {}),
  });
  const out: Array<Array<{ type: string }>> = [];
  const seen = new Set<string>();
  const key = opts.serializeState ?? ((s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context]));
  // The graph drops a path that is a prefix of another: every prefix is a state to leave from.
  for (const path of model.getShortestPaths()) {
    const events = path.steps.map((s) => s.event as { type: string }).filter((e) => !e.type.startsWith('xstate.'));
    for (let n = 0; n <= events.length; n++) {
      const prefix = events.slice(0, n);
      const actor = createActor(machine, opts.input === undefined ? {} : { input: opts.input }).start();
      for (const e of prefix) actor.send(e);
      const snap = actor.getSnapshot();
      actor.stop();
      const k = key(snap as never);
      if (seen.has(k)) continue;
      seen.add(k);
      for (const e of all.filter((x) => snap.can(x))) out.push([...prefix, e]);
    }
  }
  return out;
}
