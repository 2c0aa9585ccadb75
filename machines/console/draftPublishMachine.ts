import { assign, setup } from 'xstate';

/**
 * What readers see of a series made in the console, and its editor's two
 * actions on it. A draft (readers see nothing) is published as coming soon
 * (a date and the schedule text readers are shown); a coming-soon series
 * can be taken back to draft while none of its chapters is released; live
 * (a chapter released) has no actions. A write is sent once (the form is
 * off while it is on its way); a refused one leaves the series where it
 * was, with the reason, to try again; a stale version is a conflict shown
 * until the editor reloads. The server decides every state; the machine
 * follows the series as the screen last read it and the answers.
 */
export type SeriesReaders = 'draft' | 'soon' | 'live';

export interface DraftPublishContext {
  readers: SeriesReaders;
  version: number;
  /** The failure code of the last write, for the screen to show. */
  problem: string | null;
}

export type DraftPublishEvent =
  | { type: 'series.loaded'; readers: SeriesReaders; version: number }
  | { type: 'publish.submit'; soonAt: number; soonText: string }
  | { type: 'unpublish.submit' }
  | { type: 'save.done'; readers: SeriesReaders; version: number }
  | { type: 'save.failed'; code: string }
  | { type: 'save.conflict' }
  | { type: 'conflict.reload' };

/**
 * The series' state from its titles: a draft while one title is (publishing
 * shows the drafts together), else live once one is, else coming soon.
 */
export function seriesReaders(titles: ReadonlyArray<{ readers: SeriesReaders }>): SeriesReaders {
  if (titles.some((x) => x.readers === 'draft')) return 'draft';
  return titles.some((x) => x.readers === 'live') ? 'live' : 'soon';
}

type Answer = Extract<DraftPublishEvent, { readers: SeriesReaders }>;
const READERS = ['draft', 'soon', 'live'] as const;
const cap = (s: string) => `${s[0].toUpperCase()}${s.slice(1)}`;
type IsGuard = `is${Capitalize<SeriesReaders>}`;

/** A read or an answer with the series' state goes to that state. */
const byReaders = READERS.map((s) => ({ guard: `is${cap(s)}` as IsGuard, target: s, actions: 'adopt' as const }));

const is =
  (s: SeriesReaders) =>
  ({ event }: { event: DraftPublishEvent }) =>
    (event as Answer).readers === s;

/** How a sending state ends: the new state, the reason it was refused (back to `from`), or a conflict. */
const sending = (from: 'draft' | 'soon') => ({
  on: {
    'save.done': byReaders,
    'save.failed': { target: from, actions: 'keepProblem' as const },
    'save.conflict': { target: 'conflict', actions: 'markConflict' as const },
  },
});

export const draftPublishMachine = setup({
  types: { context: {} as DraftPublishContext, events: {} as DraftPublishEvent },
  actions: {
    adopt: assign({
      readers: ({ event }) => (event as Answer).readers,
      version: ({ event }) => (event as Answer).version,
      problem: null,
    }),
    markConflict: assign({ problem: 'conflict' }),
    keepProblem: assign({ problem: ({ event }) => (event.type === 'save.failed' ? event.code : null) }),
    publishSoon: (_, _p: { soonAt: number; soonText: string; version: number }) => {},
    backToDraft: (_, _p: { version: number }) => {},
    reloadSeries: () => {},
  },
  guards: { isDraft: is('draft'), isSoon: is('soon'), isLive: is('live') },
}).createMachine({
  id: 'consoleDraftPublish',
  context: { readers: 'draft', version: 0, problem: null },
  initial: 'loading',
  states: {
    loading: { on: { 'series.loaded': byReaders } },
    draft: {
      on: {
        'series.loaded': byReaders,
        'publish.submit': {
          target: 'publishing',
          actions: {
            type: 'publishSoon',
            params: ({ context, event }) => ({ soonAt: event.soonAt, soonText: event.soonText, version: context.version }),
          },
        },
      },
    },
    soon: {
      on: {
        'series.loaded': byReaders,
        'unpublish.submit': {
          target: 'unpublishing',
          actions: { type: 'backToDraft', params: ({ context }) => ({ version: context.version }) },
        },
      },
    },
    // A chapter is released: readers see the series; nothing here changes that.
    live: { on: { 'series.loaded': byReaders } },
    publishing: sending('draft'),
    unpublishing: sending('soon'),
    conflict: { on: { 'conflict.reload': { target: 'loading', actions: [assign({ problem: null }), 'reloadSeries'] } } },
  },
});
