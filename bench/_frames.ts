/**
 * bench/viewerFrames' measuring and inputs, the same for our viewer and the
 * baseline reader (bench/_framesReader.ts).
 *
 * FRAME_RECORDER (an init script) keeps a requestAnimationFrame loop running
 * in the page and, while `__frames.on`, records every frame's timestamp and
 * every main-thread long task (PerformanceObserver 'longtask'). rAF
 * timestamps are when the browser begins a frame, not when it reaches the
 * screen: a late or missing frame shows as a long interval.
 *
 * The inputs, paced like a hand (a move every 16 ms) and not slowed by the
 * page (interface Hand): in Chromium CDP input events (touch points on a
 * touch-emulating phone context, or key presses: class CdpHand); in Firefox
 * and WebKit the engine's WebDriver input (keys, a mouse, a wheel: no touch,
 * bench/_engineFrames.ts's EngineHand).
 */
import type { CDPSession } from 'playwright-core';

/** A page to measure in: its expressions' values (promises awaited). */
export interface Evaluator {
  eval<T>(expr: string): Promise<T>;
}

// A string, not a function: tsx would wrap named functions in a helper the page does not have.
export const FRAME_RECORDER = `(() => {
  const F = (window.__frames = { on: false, t: [], long: [] });
  const tick = (ts) => { if (F.on) F.t.push(ts); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  try { new PerformanceObserver((l) => { if (F.on) for (const e of l.getEntries()) F.long.push(e.duration); }).observe({ type: 'longtask' }); } catch {}
})()`;

export interface FrameFigures {
  /** The display's frame interval, ms (median rAF interval on an empty page at rest). */
  display: number;
  /** This reader's median interval at rest just before the input, ms. */
  rest: number;
  frames: number;
  /** Intervals over 1.5 times the display's frame interval. */
  late: number;
  /** Frames missed in those intervals (an interval of n display frames misses n - 1). */
  dropped: number;
  p95: number;
  worst: number;
  long: number[];
  /** Seconds from the input's start to the end of its settling. */
  took: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function record(page: Evaluator, ms: number): Promise<{ t: number[]; long: number[] }> {
  await page.eval('(window.__frames.t = [], window.__frames.long = [], window.__frames.on = true)');
  await sleep(ms);
  return page.eval('(() => { const F = window.__frames; F.on = false; return { t: F.t, long: F.long }; })()');
}

function intervals(t: number[]): number[] {
  return t.slice(1).map((x, i) => x - t[i]);
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return 0;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** The median rAF interval over `ms` on a page (one with FRAME_RECORDER and nothing to do: the display's frame interval). */
export async function restInterval(page: Evaluator, ms = 1000): Promise<number> {
  return quantile(intervals((await record(page, ms)).t), 0.5);
}

/**
 * Frame pacing while `input` runs (plus `settle` ms after it, for the snap
 * animation or the coasting to end), against the display's frame interval.
 */
export async function measure(page: Evaluator, display: number, input: () => Promise<void>, settle: number): Promise<FrameFigures> {
  const rest = await restInterval(page);
  await page.eval('(window.__frames.t = [], window.__frames.long = [], window.__frames.on = true)');
  const t0 = Date.now();
  await input();
  await sleep(settle);
  const { t, long } = await page.eval<{ t: number[]; long: number[] }>(
    '(() => { const F = window.__frames; F.on = false; return { t: F.t, long: F.long }; })()',
  );
  const late = intervals(t).filter((x) => x > 1.5 * display);
  const iv = intervals(t);
  return {
    display,
    rest,
    frames: t.length,
    late: late.length,
    dropped: late.reduce((n, x) => n + Math.max(1, Math.round(x / display) - 1), 0),
    p95: quantile(iv, 0.95),
    worst: iv.length ? Math.max(...iv) : 0,
    long,
    took: (Date.now() - t0) / 1000,
  };
}

export function describe(f: FrameFigures): string {
  const longest = f.long.length ? ` (longest ${Math.max(...f.long).toFixed(0)} ms)` : '';
  return (
    `${f.took.toFixed(1)} s: ${f.frames} frames, ${f.dropped} dropped in ${f.late} late intervals, p95 ${f.p95.toFixed(1)} ms, ` +
    `worst ${f.worst.toFixed(0)} ms (at rest before: ${f.rest.toFixed(1)} ms); long tasks ${f.long.length}${longest}`
  );
}

export type Point = { x: number; y: number };

/** The input a scenario gives: keys, fingers (one: a mouse where the engine has no touch input), the wheel. */
export interface Hand {
  pageDown(): void;
  /** Fingers from `from` to `to` (one point each) in `steps` moves, 16 ms apart, then lifted. */
  slide(from: Point[], to: Point[], steps: number): Promise<void>;
  /** A wheel step of `dy` px with the pointer at (x, y). */
  wheel(x: number, y: number, dy: number): void;
  /** Waits for the input sent so far, then notes where the reader is. */
  noteWhere(): Promise<void>;
}

/**
 * Input events sent on a fixed schedule, as a hand would: each is stamped
 * with the time it is sent and not waited for (CDP answers an input event
 * once the page has handled it, so a busy page would otherwise slow the
 * hand down and stretch its gestures); `settled` waits for them all.
 */
export class CdpHand implements Hand {
  private pending: Array<Promise<unknown>> = [];
  constructor(
    private readonly cdp: CDPSession,
    /** Notes where the reader is (shown with the figures: each input must move both readers alike). */
    readonly mark: () => Promise<void>,
  ) {}

  private send(method: 'Input.dispatchTouchEvent' | 'Input.dispatchKeyEvent' | 'Input.dispatchMouseEvent', params: object): void {
    const p = this.cdp.send(method, { ...params, timestamp: Date.now() / 1000 } as never);
    this.pending.push(p.catch((e: unknown) => e));
  }

  touch(type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]): void {
    this.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  }

  pageDown(): void {
    const key = { key: 'PageDown', code: 'PageDown', windowsVirtualKeyCode: 34 };
    this.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
    this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  }

  wheel(x: number, y: number, dy: number): void {
    this.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY: dy });
  }

  async settled(): Promise<void> {
    const all = await Promise.all(this.pending);
    this.pending = [];
    const failed = all.find((r) => r instanceof Error);
    if (failed) throw failed;
  }

  async slide(from: Point[], to: Point[], steps: number): Promise<void> {
    this.touch('touchStart', from);
    for (let k = 1; k <= steps; k++) {
      await sleep(16);
      this.touch(
        'touchMove',
        from.map((p, i) => ({ x: p.x + ((to[i].x - p.x) * k) / steps, y: p.y + ((to[i].y - p.y) * k) / steps })),
      );
    }
    this.touch('touchEnd', []);
  }

  async noteWhere(): Promise<void> {
    await this.settled();
    await this.mark();
  }
}

/** (1) PageDown every `step` ms, `turns` times. */
export async function keyboardPaging(hand: Hand, turns: number, step: number): Promise<void> {
  for (let i = 0; i < turns; i++) {
    hand.pageDown();
    await sleep(step);
  }
  await hand.noteWhere();
}

/**
 * (2) Finger drags across a phone's width (390 px) in 192 ms, released well
 * past the snap threshold, 400 ms apart: `n` reading on (left to right on a
 * right-to-left chapter), then `n` back.
 */
export async function drags(hand: Hand, n: number, rtl: boolean): Promise<void> {
  const y = 420;
  const [a, b] = rtl ? [60, 330] : [330, 60];
  for (const [x0, x1] of [
    [a, b],
    [b, a],
  ]) {
    for (let i = 0; i < n; i++) {
      await hand.slide([{ x: x0, y }], [{ x: x1, y }], 12);
      await sleep(400);
    }
    await hand.noteWhere();
  }
}

/** (3) Vertical flings: a quick upward swipe (450 px in 128 ms), then coasting for `coast` ms; `n` times. */
export async function flings(hand: Hand, n: number, coast: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await hand.slide([{ x: 195, y: 700 }], [{ x: 195, y: 250 }], 8);
    await sleep(coast);
    await hand.noteWhere();
  }
}

/** (3, no touch input) Vertical wheel scrolling: `notches` steps of `px` 16 ms apart, then `rest` ms; `n` times. */
export async function wheelScrolls(hand: Hand, n: number, notches: number, px: number, rest: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < notches; k++) {
      hand.wheel(195, 420, px);
      await sleep(16);
    }
    await sleep(rest);
    await hand.noteWhere();
  }
}

/** (4) Two fingers: pinch out (about 4x), lift, pan both together, lift, pinch back in. */
export async function pinchAndPan(hand: Hand): Promise<void> {
  const y = 420;
  const near = [
    { x: 165, y },
    { x: 225, y },
  ];
  const far = [
    { x: 75, y },
    { x: 315, y },
  ];
  await hand.slide(near, far, 20);
  await sleep(300);
  await hand.noteWhere();
  const panned = far.map((p) => ({ x: p.x - 40, y: p.y - 150 }));
  await hand.slide(far, panned, 20);
  await sleep(300);
  await hand.slide(
    panned,
    panned.map((p, i) => ({ x: near[i].x - 40, y: p.y })),
    20,
  );
  await sleep(300);
  await hand.noteWhere();
}
