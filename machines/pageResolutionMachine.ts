import { assign, setup } from 'xstate';
import { DEFAULT_RESOLUTION, QUALITY_OF, type ImgQuality, type Resolution } from '../core/viewer/imageQuality';

/**
 * Page resolution and the chapter data that depends on it (documents:
 * section 4). Low / Medium / High map to img_quality low / high / super_high.
 * Changing it stores the choice and refetches the chapter data. With
 * nothing stored the wire default img_quality=high (Medium) applies. Loading is
 * an injected effect (`loadViewer`) that reports `viewer.loaded` or
 * `viewer.failed`; a failure raises the browser alert (`alertError`).
 */
export type PageResolutionEvent =
  | { type: 'resolution.set'; resolution: Resolution }
  | { type: 'chapter.open'; chapterId: number }
  | { type: 'viewer.loaded' }
  | { type: 'viewer.failed' }
  | { type: 'viewer.retry' };

export interface PageResolutionInput {
  chapterId: number;
  stored?: Resolution | null;
}

interface Ctx {
  chapterId: number;
  resolution: Resolution;
}

export const pageResolutionMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as PageResolutionEvent,
    input: {} as PageResolutionInput,
  },
  actions: {
    loadViewer: (_, _p: { chapterId: number; quality: ImgQuality }) => {},
    saveResolution: (_, _p: { resolution: Resolution }) => {},
    alertError: () => {},
    setResolution: assign(({ context, event }) =>
      event.type === 'resolution.set' ? { resolution: event.resolution } : { resolution: context.resolution },
    ),
    setChapter: assign(({ context, event }) =>
      event.type === 'chapter.open' ? { chapterId: event.chapterId } : { chapterId: context.chapterId },
    ),
  },
  guards: {
    isChange: ({ context, event }) => event.type === 'resolution.set' && event.resolution !== context.resolution,
  },
}).createMachine({
  id: 'pageResolution',
  context: ({ input }) => ({ chapterId: input.chapterId, resolution: input.stored ?? DEFAULT_RESOLUTION }),
  initial: 'loading',
  on: {
    'chapter.open': { target: '.loading', actions: 'setChapter' },
  },
  states: {
    loading: {
      entry: { type: 'loadViewer', params: ({ context }) => ({ chapterId: context.chapterId, quality: QUALITY_OF[context.resolution] }) },
      on: {
        'viewer.loaded': { target: 'ready' },
        'viewer.failed': { target: 'failed', actions: 'alertError' },
      },
    },
    ready: {
      on: {
        'resolution.set': {
          guard: 'isChange',
          target: 'loading',
          actions: ['setResolution', { type: 'saveResolution', params: ({ event }) => ({ resolution: event.resolution }) }],
        },
      },
    },
    /** The alert was shown; the reader retries, or picks another resolution. */
    failed: {
      on: {
        'viewer.retry': { target: 'loading' },
        'resolution.set': {
          target: 'loading',
          actions: ['setResolution', { type: 'saveResolution', params: ({ event }) => ({ resolution: event.resolution }) }],
        },
      },
    },
  },
});
