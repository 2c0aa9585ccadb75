import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { commentSortMachine } from '../../../machines/commentSortMachine';
import { favoriteToggleMachine } from '../../../machines/favoriteToggleMachine';
import { conditionHolds, hits, parseCondition, type Breakpoint } from './breakpointRules';
import { alignRuns, contextDiff, firstDifference, route, type Run } from './compareRuns';
import { fraction, isFull, machineCoverage, parseCoverage } from './coverageModel';
import { replayEvents, type Ev } from './machineReplay';
import { pathToTransition } from './pathToEdge';
import { shrinkEvents } from './shrink';

const toggle: Ev = { type: 'favorite.toggle' };
const done: Ev = { type: 'favorite.done' };
const failed: Ev = { type: 'favorite.failed', message: 'offline' };
const dismiss: Ev = { type: 'error.dismiss' };

describe('replayEvents', () => {
  it('reports the transitions XState took, eventless ones included', () => {
    const r = replayEvents(favoriteToggleMachine, { subscribed: true }, [toggle]);
    expect(r.steps[0].transitions).toEqual(['favoriteToggle.deciding (always)#0']);
    expect(r.steps[1].transitions).toEqual(['favoriteToggle.subscribed favorite.toggle#0']);
    expect(r.steps[1].value).toBe('unsubscribing');
  });
});

describe('pathToTransition', () => {
  it('finds the shortest path to a transition behind a guard and another event', () => {
    const key = 'favoriteToggle.unsubscribing favorite.failed#0';
    const p = pathToTransition(favoriteToggleMachine, key, [{ subscribed: false }, { subscribed: true }], [toggle, done, failed]);
    expect(p?.input).toEqual({ subscribed: true });
    expect(p?.events).toEqual([toggle, failed]);
    expect(p?.steps.at(-1)?.transitions).toContain(key);
  });
  it('answers null for a transition no event offered reaches', () => {
    expect(pathToTransition(favoriteToggleMachine, 'favoriteToggle.subscribing favorite.done#0', [{ subscribed: false }], [toggle])).toBe(
      null,
    );
  });
});

describe('shrinkEvents', () => {
  it('shrinks a 40-event recording to the one event that matters', () => {
    const events: Ev[] = Array.from({ length: 40 }, (_, i) => ({ type: i % 2 ? 'sort.likes' : 'sort.latest' }));
    events.push({ type: 'sort.latest' });
    expect(shrinkEvents(commentSortMachine, undefined, events)).toEqual([{ type: 'sort.latest' }]);
  });
  it('keeps what the context needs when asked to', () => {
    const events = [toggle, failed, toggle, done];
    expect(shrinkEvents(favoriteToggleMachine, { subscribed: false }, events)).toEqual([toggle, done]);
    const keep = shrinkEvents(favoriteToggleMachine, { subscribed: false }, [toggle, failed], { sameContext: true });
    expect(keep).toEqual([toggle, failed]);
  });
});

describe('compareRuns', () => {
  const run = (label: string, events: Ev[]): Run => {
    const r = replayEvents(favoriteToggleMachine, { subscribed: false }, events);
    return { label, input: { subscribed: false }, steps: r.steps.map((s) => ({ event: s.event, value: s.value, context: s.context })) };
  };
  it('aligns two runs and finds the step where they part, with the context diff', () => {
    const a = run('a', [toggle, done, toggle, done]);
    const b = run('b', [toggle, failed, toggle, done]);
    const rows = alignRuns(a, b);
    const at = firstDifference(rows);
    expect(at).toBe(2);
    expect(rows[at].a?.event.type).toBe('favorite.done');
    expect(rows[at].b?.event.type).toBe('favorite.failed');
    expect(contextDiff(rows[at].a?.context, rows[at].b?.context)).toEqual([{ key: 'error', a: 'null', b: '"offline"' }]);
    expect(route(favoriteToggleMachine, b).edges).toContain('favoriteToggle.subscribing favorite.failed#0');
  });
  it('an extra event shifts nothing after it', () => {
    const rows = alignRuns(run('a', [toggle, done]), run('b', [{ type: 'error.dismiss' }, toggle, done]));
    expect(rows.map((r) => r.differs)).toEqual([false, true, false, false]);
  });
});

describe('coverageModel', () => {
  it('counts UI runs per state and transition and prints fractions as the table does', () => {
    const base = { name: 'x', totalStates: ['x', 'x.a', 'x.b'], totalTransitions: ['x.a go#0', 'x.b back#0'] };
    const records = parseCoverage({
      format: 'model-coverage/1',
      records: [
        { ...base, states: ['x', 'x.a'], transitions: [], against: 'ui' },
        {
          ...base,
          states: ['x', 'x.a', 'x.b'],
          transitions: ['x.a go#0'],
          against: 'ui',
          exceptions: { transitions: { 'x.b back#0': 'why' } },
        },
        { ...base, states: ['x', 'x.a', 'x.b'], transitions: ['x.a go#0', 'x.b back#0'], against: 'machine' },
      ],
    });
    const c = machineCoverage(records, 'x')!;
    expect(c.runs).toBe(2);
    expect(c.states.get('x.a')).toBe(2);
    expect(c.transitions.get('x.b back#0')).toBeUndefined();
    expect(c.exceptions.get('x.b back#0')).toBe('why');
    expect(fraction(c, 'states')).toBe('3/3 100%');
    expect(fraction(c, 'transitions')).toBe('2/2 100%');
    expect(isFull(c)).toBe(true);
    expect(() => parseCoverage({ nope: 1 })).toThrow();
  });
});

describe('breakpoint rules', () => {
  const snap = (events: Ev[]) => {
    const a = createActor(favoriteToggleMachine, { input: { subscribed: false } });
    a.start();
    // A recording's events are loose ({ type, ...fields }), as the explorer replays them.
    for (const e of events) a.send(e as Parameters<typeof a.send>[0]);
    return a.getSnapshot();
  };
  const bp = (kind: 'state' | 'transition', target: string, condition = ''): Breakpoint => ({
    id: target + condition,
    machineId: 'favoriteToggle',
    kind,
    target,
    condition,
  });
  it('stops before entering a state or taking a transition, when its condition holds', () => {
    const s = snap([toggle]);
    expect(hits(favoriteToggleMachine, s, failed, [bp('state', 'favoriteToggle.notSubscribed')])?.target).toBe(
      'favoriteToggle.notSubscribed',
    );
    expect(hits(favoriteToggleMachine, s, done, [bp('state', 'favoriteToggle.notSubscribed')])).toBeUndefined();
    const taking = bp('transition', 'favoriteToggle.subscribing favorite.failed#0', 'event.message == "offline"');
    expect(hits(favoriteToggleMachine, s, failed, [taking])).toBe(taking);
    expect(hits(favoriteToggleMachine, s, { ...failed, message: 'other' } as Ev, [taking])).toBeUndefined();
    // Staying in a state is not entering it.
    expect(hits(favoriteToggleMachine, snap([]), dismiss, [bp('state', 'favoriteToggle.notSubscribed')])).toBeUndefined();
  });
  it('reads conditions without eval and says what is wrong with a bad one', () => {
    expect(conditionHolds('context.initial == false', { event: {}, context: { initial: false } })).toBe(true);
    expect(conditionHolds('context.n >= 3', { event: {}, context: { n: 2 } })).toBe(false);
    expect(typeof parseCondition('window.alert(1)')).toBe('string');
    expect(typeof parseCondition('event.x == nope')).toBe('string');
    expect(conditionHolds('event.x == nope', { event: { x: 'nope' }, context: {} })).toBe(false);
  });
});
