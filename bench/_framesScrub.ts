/**
 * bench/viewerFrames' fifth input: scrubbing the page slider (issue 48) of a
 * 320-page chapter, our slider with its page thumbnails against the
 * baseline's bare slider (bench/_framesReader.ts). The finger (the mouse
 * where the engine has no touch) goes down at one end of the slider and
 * along all of it in `steps` moves 16 ms apart, lifts, and comes back.
 */
import type { Evaluator, Hand } from './_frames';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the slider runs: its ends (a few px in) and its middle's height. */
export interface SliderLine {
  x0: number;
  x1: number;
  y: number;
}

const SLIDER = `(() => {
  const e = document.querySelector('[data-testid=viewer-slider]');
  const f = e && e.closest('footer');
  const r = e && e.getBoundingClientRect();
  return r && r.width > 0 && !(f && f.classList.contains('is-hidden')) ? [r.left, r.right, r.top + r.height / 2] : null;
})()`;
const NAV = `(() => { try { return String(window.__viewerDebug.state().nav); } catch { return 'none'; } })()`;

/**
 * The slider on screen, found once it is (ours: the bars brought up by a tap
 * on the page's middle once their opening show is over, and given their
 * slide-in; the baseline's is always there).
 */
export async function sliderLine(page: Evaluator, hand: Hand, mid: { x: number; y: number }): Promise<SliderLine> {
  for (let k = 0; k < 100; k++) {
    const nav = await page.eval<string>(NAV);
    if (nav === 'opening') {
      await sleep(200);
      continue;
    }
    if (nav === 'hidden') {
      await hand.slide([mid], [mid], 1);
      await sleep(400);
      continue;
    }
    const at = await page.eval<[number, number, number] | null>(SLIDER);
    if (at) {
      await sleep(300);
      return { x0: at[0] + 6, x1: at[1] - 6, y: at[2] };
    }
    await sleep(200);
  }
  throw new Error('the page slider never came up');
}

/** (5) Along the whole slider and back, `steps` moves each way. */
export async function scrubbing(hand: Hand, line: SliderLine, steps: number): Promise<void> {
  for (const [a, b] of [
    [line.x0, line.x1],
    [line.x1, line.x0],
  ]) {
    await hand.slide([{ x: a, y: line.y }], [{ x: b, y: line.y }], steps);
    await sleep(300);
    await hand.noteWhere();
  }
}
