/**
 * Time as the viewer session sees it: injected, never a global (the one
 * interface, core/clock.ts). The browser's clock is src/viewer/browserClock.ts;
 * tests and the browser-test harness (src/viewer/testing/) drive a manual one
 * by hand.
 */
import type { Clock } from '../../../core/clock';

export type { Clock, TimerId } from '../../../core/clock';

/**
 * The session's clocks by what they time: the navigation bar's auto-hide,
 * the direction toast, the inertia frames after a fling, the frames that
 * batch redraws, ease the renderer's camera and watch the first-page
 * hand-over, and the pointer gestures (the double tap's wait, the wheel's
 * pause between page turns). In the app they are all the browser's clock; an
 * embedding page may replace any of them.
 */
export interface ViewerClocks {
  navBar: Clock;
  toast: Clock;
  inertia: Clock;
  frames: Clock;
  gestures: Clock;
}
