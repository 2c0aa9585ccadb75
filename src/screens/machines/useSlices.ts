import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` rows to render: at most `step` more than the last slice, the rest `step` more a frame, each
 * slice committed, laid out and painted on its own. Hundreds of new rows in one commit and one layout are one long
 * task (the live tree's first 200 actors from another tab, a followed actor's 400 log rows); slices of a few dozen
 * are short ones. A row or two added later (a new actor, a new step) shows at once. A new `from` starts over
 * (another actor's log).
 */
export function useSlices(total: number, step: number, from: unknown = null): number {
  const [grown, setGrown] = useState({ from, base: 0 });
  const base = grown.from === from ? grown.base : 0;
  const shown = Math.min(total, base + step);
  const more = shown < total;
  useEffect(() => {
    if (!more) return undefined;
    const grow = () => startTransition(() => setGrown({ from, base: shown }));
    // The next slice waits for a frame, then renders in a task after it: under load the browser draws less often
    // than timers fire (a second without a frame, seen here), and slices committed between two frames would be laid
    // out together, one long task again. A hidden tab draws no frames: it grows a slice a task.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    if (document.hidden) timer = setTimeout(grow, 0);
    else frame = requestAnimationFrame(() => (timer = setTimeout(grow, 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [more, from, shown]);
  return shown;
}
