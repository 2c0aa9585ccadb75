import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pagingMachine, type PagingEvent, type PagingInput } from './pagingMachine';
import { DOUBLE_TAP_ZOOM, SNAP_DISTANCE, SNAP_VELOCITY, type Geometry } from '../core/viewer/camera';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';
import { pagingEventSamples } from '../tests/model/pagingEvents';

const VIEWPORT = { width: 1000, height: 800 };
const H: Geometry = { mode: 'horizontal', rtl: false, viewport: VIEWPORT, count: 5, tops: [], contentHeight: VIEWPORT.height };
const V: Geometry = { mode: 'vertical', rtl: false, viewport: VIEWPORT, count: 5, tops: [0, 1000, 2000, 3000, 4000], contentHeight: 5000 };
const IN_H: PagingInput = { geometry: H, index: 0 };
const IN_V: PagingInput = { geometry: V, index: 0 };

const ev = pagingEventSamples(500, 400);
const layout = (geometry: Geometry, index = 0): PagingEvent => ({ type: 'layout.set', geometry, index });
const coast = [ev.start, ev.fling];
const drag = (dx: number, vx = 0): PagingEvent[] => [ev.start, { type: 'drag.move', dx, dy: 0 }, { type: 'drag.end', vx, vy: 0 }];

describe('pagingMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'paging',
      pagingMachine,
      machinePaths(pagingMachine, {
        inputs: [IN_V, IN_H],
        events: [...Object.values(ev), layout(V), layout(H)],
        // Positions are continuous: the graph tells states apart by value.
        serializeState: (s) => JSON.stringify(s.value),
        // Loops and self-transitions no generated path takes.
        sequences: (input) =>
          input === IN_V
            ? [
                [ev.start, ev.move, ev.fling, ev.tick, ev.stop],
                [...coast, ev.next, ...coast, ev.prev, ...coast, ev.first, ...coast, ev.last, ...coast, ev.goto],
                [...coast, ev.start, ev.cancel, ...coast, ev.wheel, ev.wheel, ev.start, ev.settle],
                [ev.toggle, ev.zoomIn, ev.zoomOut, ev.zoomOut, ev.zoomIn, ev.next, ev.toggle, ev.prev, ev.toggle, ev.first],
                [ev.toggle, ev.last, ev.toggle, ev.goto, ev.toggle, ev.toggle, ev.toggle, ev.reset, ev.toggle, layout(V)],
              ]
            : [
                [ev.next, ev.next, ev.prev, ev.last, ev.first, ev.goto, ev.start, ev.move, ev.settle],
                [ev.toggle, ev.start, ev.move, ev.settle, ev.next, ev.toggle, ev.last, layout(H)],
              ],
      }),
    );
  });

  it('a horizontal drag snaps to the next spread past the distance or speed threshold, else back', () => {
    const far = VIEWPORT.width * SNAP_DISTANCE;
    expect(after(pagingMachine, IN_H, drag(-(far + 1))).context.pos).toMatchObject({ index: 1, dragDx: 0 });
    expect(after(pagingMachine, IN_H, drag(-(far - 1))).context.pos).toMatchObject({ index: 0, dragDx: 0 });
    expect(after(pagingMachine, IN_H, drag(-20, -(SNAP_VELOCITY + 0.1))).context.pos.index).toBe(1);
    // Fast the other way: not a turn forward.
    expect(after(pagingMachine, IN_H, drag(-20, SNAP_VELOCITY + 0.1)).context.pos.index).toBe(0);
    // Right to left: a drag to the right reads on.
    expect(after(pagingMachine, { geometry: { ...H, rtl: true } }, drag(far + 1)).context.pos.index).toBe(1);
  });

  it('clamps at the ends, with a rubber band past them', () => {
    expect(after(pagingMachine, IN_H, [ev.prev]).context.pos.index).toBe(0);
    expect(after(pagingMachine, IN_H, [ev.last, ev.next]).context.pos.index).toBe(4);
    expect(after(pagingMachine, IN_H, [{ type: 'page.goto', index: 99 }]).context.pos.index).toBe(4);
    expect(after(pagingMachine, IN_H, [ev.start, { type: 'drag.move', dx: 100, dy: 0 }]).context.pos.dragDx).toBeCloseTo(30);
    expect(after(pagingMachine, IN_H, [ev.start, { type: 'drag.move', dx: -100, dy: 0 }]).context.pos.dragDx).toBe(-100);
    expect(after(pagingMachine, IN_H, [...drag(200), ev.prev]).context.pos.index).toBe(0);
  });

  it('reads vertically by most of a screen, to the bottom at the end; the wheel scrolls only there', () => {
    expect(after(pagingMachine, IN_V, [ev.next]).context.pos.scrollY).toBe(VIEWPORT.height * 0.9);
    expect(after(pagingMachine, IN_V, [ev.last]).context.pos).toMatchObject({ index: 4, scrollY: 5000 - VIEWPORT.height });
    expect(after(pagingMachine, IN_V, [ev.goto]).context.pos).toMatchObject({ index: 2, scrollY: 2000 });
    expect(after(pagingMachine, IN_V, [ev.wheel]).context.pos.scrollY).toBe(300);
    expect(after(pagingMachine, IN_V, [{ type: 'scroll.by', dy: -300 }]).context.pos.scrollY).toBe(0);
    expect(after(pagingMachine, IN_H, [ev.wheel]).context.pos).toMatchObject({ index: 0, scrollY: 0 });
  });

  it('a vertical fling coasts on injected ticks, slowing until it stops', () => {
    const log = actionLog('startInertia', 'stopInertia');
    const a = createActor(pagingMachine.provide({ actions: log.actions }), { input: IN_V }).start();
    a.send(ev.start);
    a.send({ type: 'drag.move', dx: 0, dy: -200 });
    expect(a.getSnapshot().context.pos.scrollY).toBe(200);
    a.send(ev.fling);
    expect(a.getSnapshot().value).toEqual({ pointer: 'coasting', zoom: 'fit' });
    expect(a.getSnapshot().context.velocity).toBe(3);
    a.send({ type: 'scroll.tick', dt: 10 });
    const { pos, velocity } = a.getSnapshot().context;
    expect(pos.scrollY).toBe(230);
    expect(velocity).toBeLessThan(3);
    a.send(ev.stop);
    expect(a.getSnapshot().value).toEqual({ pointer: 'idle', zoom: 'fit' });
    expect(log.names()).toEqual(['startInertia', 'stopInertia']);
    // A slow release does not coast.
    expect(after(pagingMachine, IN_V, [ev.start, ev.settle]).value).toEqual({ pointer: 'idle', zoom: 'fit' });
  });

  it('zooms in by double tap or pinch; a page turn or reset zooms back to fit', () => {
    const zoomed = after(pagingMachine, IN_H, [ev.toggle]);
    expect(zoomed.value).toEqual({ pointer: 'idle', zoom: 'zoomed' });
    expect(zoomed.context.pos.scale).toBe(DOUBLE_TAP_ZOOM);
    expect(after(pagingMachine, IN_H, [ev.toggle, ev.next]).context.pos).toMatchObject({ index: 1, scale: 1 });
    expect(after(pagingMachine, IN_H, [ev.toggle, ev.reset]).value).toEqual({ pointer: 'idle', zoom: 'fit' });
    expect(after(pagingMachine, IN_H, [ev.zoomIn]).context.pos.scale).toBe(1.5);
    expect(after(pagingMachine, IN_H, [ev.zoomOut]).value).toEqual({ pointer: 'idle', zoom: 'fit' });
    expect(after(pagingMachine, IN_H, [ev.zoomIn, ev.zoomOut]).context.pos.scale).toBe(1);
    // Zoomed in, a drag pans instead of turning.
    expect(after(pagingMachine, IN_H, [ev.toggle, ...drag(-400)]).context.pos).toMatchObject({ index: 0, scale: DOUBLE_TAP_ZOOM });
  });

  it('a new layout starts over at the given index, fit and idle', () => {
    const s = after(pagingMachine, IN_H, [ev.toggle, ev.start, layout(V, 3)]);
    expect(s.value).toEqual({ pointer: 'idle', zoom: 'fit' });
    expect(s.context.geometry).toBe(V);
    expect(s.context.pos).toMatchObject({ index: 3, scrollY: 3000, scale: 1 });
  });

  describe('slots larger than the window (fit width, height, original)', () => {
    // Slot 0 tall (fit width), slot 1 window-sized, slot 2 wide (fit height).
    const slots = [
      { x: 0, y: 0, w: 1000, h: 2000 },
      { x: 1000, y: 0, w: 1000, h: 800 },
      { x: 2000, y: 0, w: 1800, h: 800 },
    ];
    const BIG: PagingInput = { geometry: { ...H, count: 3, slots } };

    it('next scrolls a tall slot by 90% of the window to its end, then turns; previous opens a slot at its end', () => {
      const pan = (events: PagingEvent[]) => {
        const { index, panX, panY } = after(pagingMachine, BIG, events).context.pos;
        return { index, panX, panY };
      };
      expect(pan([ev.next])).toEqual({ index: 0, panX: 0, panY: 720 });
      expect(pan([ev.next, ev.next])).toEqual({ index: 0, panX: 0, panY: 1200 });
      expect(pan([ev.next, ev.next, ev.next])).toEqual({ index: 1, panX: 0, panY: 0 });
      expect(pan([ev.next, ev.next, ev.next, ev.prev])).toEqual({ index: 0, panX: 0, panY: 1200 });
      // A wide slot steps sideways, and at the last slot's end next does nothing.
      expect(pan([ev.last, ev.next])).toEqual({ index: 2, panX: 800, panY: 0 });
      expect(pan([ev.last, ev.next, ev.next])).toEqual({ index: 2, panX: 800, panY: 0 });
      expect(pan([ev.last, ev.next, ev.prev, ev.prev])).toEqual({ index: 1, panX: 0, panY: 0 });
      // Zoomed in, next turns the page and zooms back out.
      expect(after(pagingMachine, BIG, [ev.toggle, ev.next]).context.pos).toMatchObject({ index: 1, scale: 1, panY: 0 });
    });

    it('a drag pans the slot first and turns only past its edge by the snap threshold', () => {
      const far = VIEWPORT.width * SNAP_DISTANCE;
      const at2 = [ev.last];
      // Within the slot: panned, no turn, the pan kept on release.
      expect(after(pagingMachine, BIG, [...at2, ...drag(-500)]).context.pos).toMatchObject({ index: 2, panX: 500, dragDx: 0 });
      // Past the start edge by less than the threshold: back, pan at the edge.
      expect(after(pagingMachine, BIG, [...at2, ...drag(far - 1)]).context.pos).toMatchObject({ index: 2, panX: 0, dragDx: 0 });
      // Past it by more: the previous slot, at its end.
      expect(after(pagingMachine, BIG, [ev.goto, ev.prev, ...drag(far + 1)]).context.pos).toMatchObject({ index: 0, panY: 1200 });
      // A tall slot pans vertically under the finger; dragging on to the next slot turns at its start.
      const tall = after(pagingMachine, BIG, [ev.start, { type: 'drag.move', dx: 0, dy: -300 }]);
      expect(tall.context.pos).toMatchObject({ index: 0, panY: 300, dragDx: 0 });
      expect(after(pagingMachine, BIG, drag(-(far + 1))).context.pos).toMatchObject({ index: 1, panX: 0, panY: 0 });
    });

    it('a new layout on the same slot (crops arrived) keeps the place in it; on another slot, its start', () => {
      const taller = { ...BIG.geometry, slots: slots.map((r, i) => (i === 0 ? { ...r, h: 2800 } : r)) };
      expect(after(pagingMachine, BIG, [ev.next, layout(taller, 0)]).context.pos).toMatchObject({ index: 0, panY: 1200 });
      expect(after(pagingMachine, BIG, [ev.next, layout(taller, 1)]).context.pos).toMatchObject({ index: 1, panY: 0 });
    });

    it('right to left, a wide slot opens at its right edge and a drag to the right reads on through it', () => {
      const rtl: PagingInput = {
        geometry: {
          ...H,
          rtl: true,
          count: 2,
          slots: [
            { x: 0, y: 0, w: 1000, h: 800 },
            { x: -1800, y: 0, w: 1800, h: 800 },
          ],
        },
      };
      expect(after(pagingMachine, rtl, [ev.next]).context.pos).toMatchObject({ index: 1, panX: 800 });
      expect(after(pagingMachine, rtl, [ev.next, ...drag(300)]).context.pos).toMatchObject({ index: 1, panX: 500 });
      expect(after(pagingMachine, rtl, [ev.next, ev.next]).context.pos).toMatchObject({ index: 1, panX: 0 });
    });
  });
});
