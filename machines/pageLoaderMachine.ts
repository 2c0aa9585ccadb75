import { assign, setup } from 'xstate';

/**
 * One page image's life in the viewer: queued for the decode pool, loading
 * (bytes streaming in, progress known), decoded (a bitmap ready to draw),
 * failed (a retry control is shown), evicted (its texture destroyed to stay
 * under the cache cap; requesting it again re-queues it).
 * Effects are injected: `enqueue`, `abortFetch`, `releaseBitmap`.
 */
export type PageLoaderEvent =
  | { type: 'page.request' }
  | { type: 'page.start' }
  | { type: 'page.progress'; loaded: number; total: number }
  | { type: 'page.decoded' }
  | { type: 'page.failed'; message: string }
  | { type: 'page.retry' }
  | { type: 'page.evict' };

interface Ctx {
  index: number;
  loaded: number;
  total: number;
  error: string;
  attempts: number;
}

export const pageLoaderMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as PageLoaderEvent,
    input: {} as { index: number },
  },
  actions: {
    enqueue: () => {},
    abortFetch: () => {},
    releaseBitmap: () => {},
    resetProgress: assign({ loaded: 0, total: 0, error: '' }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    setProgress: assign(({ context, event }) =>
      event.type === 'page.progress' ? { loaded: event.loaded, total: event.total } : { loaded: context.loaded, total: context.total },
    ),
    setError: assign(({ context, event }) => ({ error: event.type === 'page.failed' ? event.message : context.error })),
  },
}).createMachine({
  id: 'pageLoader',
  context: ({ input }) => ({ index: input.index, loaded: 0, total: 0, error: '', attempts: 0 }),
  initial: 'idle',
  states: {
    /** Never requested. */
    idle: {
      on: { 'page.request': { target: 'queued' } },
    },
    queued: {
      entry: ['resetProgress', 'enqueue'],
      on: {
        'page.start': { target: 'loading', actions: 'countAttempt' },
        'page.evict': { target: 'evicted', actions: 'abortFetch' },
      },
    },
    loading: {
      on: {
        'page.progress': { actions: 'setProgress' },
        'page.decoded': { target: 'decoded' },
        'page.failed': { target: 'failed', actions: 'setError' },
        'page.evict': { target: 'evicted', actions: 'abortFetch' },
      },
    },
    decoded: {
      on: {
        'page.evict': { target: 'evicted', actions: 'releaseBitmap' },
      },
    },
    failed: {
      on: {
        'page.retry': { target: 'queued' },
        'page.evict': { target: 'evicted' },
      },
    },
    evicted: {
      on: { 'page.request': { target: 'queued' } },
    },
  },
});
