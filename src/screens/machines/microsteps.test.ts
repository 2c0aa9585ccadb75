import { describe, expect, it } from 'vitest';
import { assign, createActor, raise, setup, type InspectionEvent } from 'xstate';
import { autoScrollMachine } from '../../../machines/autoScrollMachine';
import { hits } from './breakpointRules';
import { microstepLabel, microstepsOf } from './microsteps';

/** Test-only: `go` raises `next` (handled in the same macrostep), and `b` leaves at once by an `always`. */
const relay = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'go' } | { type: 'next' } | { type: 'other' } },
  actions: { count: assign({ n: ({ context }) => context.n + 1 }) },
}).createMachine({
  id: 'relay',
  context: { n: 0 },
  initial: 'idle',
  states: {
    idle: { on: { go: { target: 'a', actions: raise({ type: 'next' }) }, other: { actions: 'count' } } },
    a: { on: { next: 'b' } },
    b: { always: { target: 'c', actions: 'count' } },
    c: {},
  },
});

/** What a real actor reports taking (its `@xstate.microstep` inspection events) for one event. */
function taken(send: { type: string }) {
  const seen: Array<{ event: string; moves: string[] }> = [];
  let on = false;
  const actor = createActor(relay, {
    inspect: (e: InspectionEvent) => {
      if (on && e.type === '@xstate.microstep')
        seen.push({
          event: e.event.type,
          moves: e._transitions.map((t) => `${t.source.id}>${(t.target ?? []).map((n) => n.id).join(',')}`),
        });
    },
  }).start();
  const before = actor.getSnapshot();
  on = true;
  actor.send(send as never);
  return { before, seen, after: actor.getSnapshot() };
}

describe('microstepsOf', () => {
  it('lists the event, the raised event and the eventless transition in the order XState takes them', () => {
    const { before, seen, after } = taken({ type: 'go' });
    const steps = microstepsOf(relay, before, { type: 'go' });
    expect(steps).toEqual([
      { event: 'go', transitions: [{ source: 'relay.idle', targets: ['relay.a'], key: 'relay.idle go#0' }], value: 'a' },
      { event: 'next', transitions: [{ source: 'relay.a', targets: ['relay.b'], key: 'relay.a next#0' }], value: 'b' },
      { event: '', transitions: [{ source: 'relay.b', targets: ['relay.c'], key: 'relay.b (always)#0' }], value: 'c' },
    ]);
    // The same microsteps a running actor takes, and it ends where the last one says.
    expect(steps!.map((s) => ({ moves: s.transitions.map((t) => `${t.source}>${t.targets.join(',')}`) }))).toEqual(
      seen.map((s) => ({ moves: s.moves })),
    );
    expect(after.value).toBe(steps!.at(-1)!.value);
    expect(steps!.map(microstepLabel)).toEqual(['relay.idle → relay.a', 'relay.a → relay.b', 'relay.b → relay.c']);
  });

  it('runs no action and leaves the snapshot alone', () => {
    const { before } = taken({ type: 'go' });
    microstepsOf(relay, before, { type: 'go' });
    expect(before.value).toBe('idle');
    expect(before.context.n).toBe(0);
  });

  it('gives one microstep for a targetless transition, none for an event nothing takes', () => {
    const { before } = taken({ type: 'other' });
    expect(microstepsOf(relay, before, { type: 'other' })?.map(microstepLabel)).toEqual(['relay.idle ↺']);
    expect(microstepsOf(relay, before, { type: 'next' })).toEqual([{ event: 'next', transitions: [], value: 'idle' }]);
  });

  it('follows an app machine: auto-scroll turned on goes through its choosing state', () => {
    const actor = createActor(autoScrollMachine, { input: { mode: 'vertical', reduced: false, level: 3 } as never }).start();
    const steps = microstepsOf(autoScrollMachine, actor.getSnapshot(), { type: 'autoscroll.toggle' });
    expect(steps?.map((s) => [s.event, microstepLabel(s)])).toEqual([
      ['autoscroll.toggle', 'autoScroll.off → autoScroll.on'],
      ['', 'autoScroll.on.choosing → autoScroll.on.scrolling'],
    ]);
  });

  it('lets a breakpoint on an eventless transition stop the event that leads to it', () => {
    const { before } = taken({ type: 'go' });
    const bp = { id: 'x', machineId: 'relay', kind: 'transition' as const, target: 'relay.b (always)#0', condition: '' };
    expect(hits(relay, before as never, { type: 'go' }, [bp])).toBe(bp);
    expect(hits(relay, before as never, { type: 'other' }, [bp])).toBeUndefined();
  });
});
