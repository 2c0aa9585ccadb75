import type { PagingEvent } from '../../machines/pagingMachine';

/**
 * One sample of every paging event, for the paths generated from the paging
 * machine: its pure test (machines/pagingMachine.test.ts) and the browser run
 * against the real viewer (tests/e2e/viewerPaging.test.ts) page, drag, fling,
 * scroll and zoom alike. Zooms centre on (x, y).
 */
export function pagingEventSamples(x: number, y: number) {
  return {
    next: { type: 'page.next' },
    prev: { type: 'page.prev' },
    first: { type: 'page.first' },
    last: { type: 'page.last' },
    goto: { type: 'page.goto', index: 2 },
    start: { type: 'drag.start' },
    move: { type: 'drag.move', dx: -200, dy: -200 },
    settle: { type: 'drag.end', vx: 0, vy: 0 },
    fling: { type: 'drag.end', vx: 0, vy: -3 },
    cancel: { type: 'drag.cancel' },
    wheel: { type: 'scroll.by', dy: 300 },
    tick: { type: 'scroll.tick', dt: 1 },
    stop: { type: 'scroll.tick', dt: 100_000 },
    zoomIn: { type: 'zoom.by', factor: 1.5, x, y },
    zoomOut: { type: 'zoom.by', factor: 0.5, x, y },
    toggle: { type: 'zoom.toggle', x, y },
    reset: { type: 'zoom.reset' },
  } as const satisfies Record<string, PagingEvent>;
}
