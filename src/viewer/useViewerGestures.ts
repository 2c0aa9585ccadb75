/**
 * Pointer input of the viewer stage with @use-gesture/react, all turned into
 * machine events: drag (finger or mouse) with release velocity, taps (single
 * tap by the reader's tap zones, double tap zooms), pinch and ctrl+wheel zoom
 * around the pointer, the wheel (scrolls in vertical reading unless set to
 * turn pages; turns pages in horizontal reading). The mouse's back and
 * forward buttons, anywhere in the viewer, go to the previous and next
 * chapter (instead of the browser's history). Time (the double tap's wait,
 * the wheel's pause) comes from the target's clock, never the globals.
 */
import { useGesture, type Handler } from '@use-gesture/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Clock } from '../../core/clock';
import type { PagingEvent } from '../../machines/pagingMachine';
import type { Mode } from '../../core/viewer/layout';
import { MAX_ZOOM } from '../../core/viewer/camera';
import type { WheelMode } from '../../core/viewer/controls';
import type { AppAction } from './session/keys';
import { DoubleTap } from './doubleTap';
/** Wheel distance (px) that turns one horizontal page, and the pause between turns. */
const WHEEL_TURN = 60;
const WHEEL_COOLDOWN_MS = 300;

export interface GestureTarget {
  mode: Mode;
  readonly controls: { readonly wheel: WheelMode; onApp(a: AppAction): void };
  send: (e: PagingEvent) => void;
  /** Whether the paging machine still holds the drag (Escape lets go of it). */
  dragActive(): boolean;
  /** The zoom on screen (1 = fit). */
  scale(): number;
  /** A single tap at (x, y) on a stage w × h. */
  tap(x: number, y: number, w: number, h: number): void;
  /** Time for the double tap's wait and the wheel's pause between page turns. */
  readonly clock: Clock;
}

/** Elements inside the stage that handle their own clicks. */
function interactive(t: EventTarget | null): boolean {
  return t instanceof Element && !!t.closest('button, a, input, select, textarea, [data-interactive]');
}

/** Until the stage's session exists, pointer input does nothing. */
const NOBODY: GestureTarget = {
  mode: 'vertical',
  controls: { wheel: 'scroll', onApp: () => {} },
  send: () => {},
  dragActive: () => false,
  scale: () => 1,
  tap: () => {},
  // Nothing to time before there is a session: its timers never fire.
  clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => {}, requestFrame: () => 0, cancelFrame: () => {} },
};

/** MouseEvent.button of the back and forward buttons. */
const CHAPTER_BUTTONS: Record<number, AppAction> = { 3: 'prevChapter', 4: 'nextChapter' };

export function useViewerGestures(ref: RefObject<HTMLElement | null>, target: GestureTarget | null): void {
  const cur = useRef(target ?? NOBODY);
  useEffect(() => {
    cur.current = target ?? NOBODY;
  });
  const [taps] = useState(() => new DoubleTap());
  useEffect(() => () => taps.cancel(), [taps]);
  useChapterButtons(cur);

  const local = (cx: number, cy: number) => {
    const r = ref.current!.getBoundingClientRect();
    return { x: cx - r.left, y: cy - r.top, w: r.width, h: r.height };
  };

  const tap = (cx: number, cy: number) => {
    const { w, h, ...p } = local(cx, cy);
    taps.tap(
      cur.current.clock,
      p,
      (q) => cur.current.tap(q.x, q.y, w, h),
      (q) => cur.current.send({ type: 'zoom.toggle', x: q.x, y: q.y }),
    );
  };

  const onDrag = useDragHandler(cur, tap);
  const onWheel = useWheelHandler(cur);
  useGesture(
    {
      onDrag,
      // Each pinch (or ctrl+wheel run) starts from the scale on screen, so its first step counts too.
      onPinch: ({ last, offset: [s], origin: [ox, oy] }) => {
        // The closing event (fingers lifted, wheel idle) brings no movement: a page turned meanwhile must stay unzoomed.
        if (last) return;
        const factor = s / cur.current.scale();
        if (Math.abs(factor - 1) > 1e-3 && Number.isFinite(factor)) {
          const p = local(ox, oy);
          cur.current.send({ type: 'zoom.by', factor, x: p.x, y: p.y });
        }
      },
      onWheel,
    },
    {
      target: ref,
      eventOptions: { passive: false },
      // Pointer events (use-gesture's default) carry mouse, pen and touch alike; its touch-events mode
      // (pointer.touch) would leave a mouse without drags on a touch-capable desktop.
      drag: { filterTaps: true, threshold: 4 },
      pinch: { from: () => [cur.current.scale(), 0], scaleBounds: { min: 1, max: MAX_ZOOM }, pinchOnWheel: true, modifierKey: 'ctrlKey' },
      wheel: { preventDefault: true },
    },
  );
}

/** The mouse's back and forward buttons, anywhere in the viewer, go to the previous and next chapter. */
function useChapterButtons(cur: RefObject<GestureTarget>): void {
  useEffect(() => {
    // The browser goes back or forward on the button's release unless it is prevented.
    const onUp = (e: MouseEvent) => {
      const a = CHAPTER_BUTTONS[e.button];
      if (!a) return;
      e.preventDefault();
      if (e.type === 'mouseup') cur.current.controls.onApp(a);
    };
    const types = ['mouseup', 'pointerup', 'auxclick'] as const;
    for (const t of types) window.addEventListener(t, onUp);
    return () => types.forEach((t) => window.removeEventListener(t, onUp));
  }, [cur]);
}

/**
 * A drag: a touch pinch takes over from it, a drag the machine let go of is
 * ignored until release, a tap goes to the tap zones (or the double tap).
 */
function useDragHandler(cur: RefObject<GestureTarget>, tap: (cx: number, cy: number) => void): Handler<'drag'> {
  const dragging = useRef(false);
  /** The machine let go of this drag: ignore it until the pointer is released. */
  const dropped = useRef(false);
  return (g) => {
    const {
      tap: isTap,
      first,
      last,
      movement: [mx, my],
      velocity: [vx, vy],
      direction: [dx, dy],
      xy: [x, y],
      pinching,
      event,
    } = g;
    const send = cur.current.send;
    // A touch pinch takes over from the drag; a ctrl+wheel zoom (also a "pinch") must not swallow mouse clicks.
    if (pinching && (event as PointerEvent).pointerType !== 'mouse') {
      if (dragging.current) send({ type: 'drag.cancel' });
      dragging.current = false;
      g.cancel();
      return;
    }
    if (first) dropped.current = false;
    if (dropped.current) {
      if (last) dropped.current = false;
      return;
    }
    if (dragging.current && !first && !cur.current.dragActive()) {
      dragging.current = false;
      dropped.current = !last;
      return;
    }
    if (isTap) {
      if (dragging.current) send({ type: 'drag.cancel' });
      dragging.current = false;
      if (!interactive(event.target)) tap(x, y);
      return;
    }
    if (first || !dragging.current) {
      if (interactive(event.target) && first) return;
      dragging.current = true;
      send({ type: 'drag.start' });
    }
    send({ type: 'drag.move', dx: mx, dy: my });
    if (last) {
      dragging.current = false;
      send({ type: 'drag.end', vx: vx * dx, vy: vy * dy });
    }
  };
}

/** The wheel: scrolls in vertical reading unless set to turn pages, else one page per WHEEL_TURN px and a pause. */
function useWheelHandler(cur: RefObject<GestureTarget>): Handler<'wheel'> {
  const wheel = useRef({ acc: 0, until: 0 });
  return ({ delta: [, dy], event }) => {
    if (event.ctrlKey) return;
    const c = cur.current;
    if (c.mode === 'vertical' && c.controls.wheel === 'scroll') {
      c.send({ type: 'scroll.by', dy });
      return;
    }
    const now = c.clock.now();
    if (now < wheel.current.until) return;
    wheel.current.acc += dy;
    if (Math.abs(wheel.current.acc) >= WHEEL_TURN) {
      c.send({ type: wheel.current.acc > 0 ? 'page.next' : 'page.prev' });
      wheel.current = { acc: 0, until: now + WHEEL_COOLDOWN_MS };
    }
  };
}
