/**
 * The first pages drawn before the app loaded (src/boot/chapterStartDrawing.ts)
 * stay over the canvas, under the menus, until the canvas shows every image
 * page on screen itself, or for HAND_OVER_MS at most.
 */
import type { ViewerItem } from '../../../core/viewer/items';
import type { Layout } from '../../../core/viewer/layout';
import type { Clock, TimerId } from './clock';
import type { FirstPagesPort, StageRenderer } from './environment';

/** The longest the first pages drawn ahead of the viewer stay once the canvas is up. */
const HAND_OVER_MS = 3000;

/** Checks every frame; returns a stop. */
export function watchHandOver(
  clock: Clock,
  renderer: StageRenderer,
  layout: Layout,
  items: ViewerItem[],
  first: FirstPagesPort,
): () => void {
  const t0 = clock.now();
  let frame: TimerId | undefined;
  const check = () => {
    frame = undefined;
    if (!first.element()) return;
    const { width, height } = layout.viewport;
    const onScreen = renderer
      .drawnRects()
      .filter((r) => items[r.item]?.kind === 'manga' && r.x < width && r.x + r.w > 0 && r.y < height && r.y + r.h > 0);
    if ((onScreen.length > 0 && onScreen.every((r) => r.image)) || clock.now() - t0 > HAND_OVER_MS) first.dismiss();
    else frame = clock.requestFrame(check);
  };
  frame = clock.requestFrame(check);
  return () => {
    if (frame !== undefined) clock.cancelFrame(frame);
    frame = undefined;
  };
}
