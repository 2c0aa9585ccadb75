import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { addInspectionListener, inspect, keepInspectionEvents } from './inspector';

const ev = (n: number) => ({ type: '@xstate.event', n }) as unknown as InspectionEvent;

describe('the app inspector (src/lib/inspector.ts)', () => {
  it('hands every event to its listeners, and keeps none while no listener is on its way', () => {
    const seen: InspectionEvent[] = [];
    const off = addInspectionListener((e) => seen.push(e));
    inspect(ev(1));
    off();
    inspect(ev(2));
    const late: InspectionEvent[] = [];
    const offLate = addInspectionListener((e) => late.push(e), { replayKept: true });
    expect(seen).toEqual([ev(1)]);
    expect(late).toEqual([]);
    offLate();
  });

  it('replays the events kept while the recorder loaded, once, then only new ones', () => {
    keepInspectionEvents();
    inspect(ev(1));
    inspect(ev(2));
    const got: InspectionEvent[] = [];
    const off = addInspectionListener((e) => got.push(e), { replayKept: true });
    inspect(ev(3));
    const again: InspectionEvent[] = [];
    const offAgain = addInspectionListener((e) => again.push(e), { replayKept: true });
    expect(got).toEqual([ev(1), ev(2), ev(3)]);
    expect(again).toEqual([]);
    off();
    offAgain();
  });

  it('a recorder that fails to load drops what was kept', () => {
    const drop = keepInspectionEvents();
    inspect(ev(1));
    drop();
    const got: InspectionEvent[] = [];
    const off = addInspectionListener((e) => got.push(e), { replayKept: true });
    expect(got).toEqual([]);
    off();
  });
});
