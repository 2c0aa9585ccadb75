import { assign, setup } from 'xstate';

/**
 * A chapter's editorial lifecycle as the console shows it: a
 * draft until it is scheduled (a release time and an end of free reading,
 * UTC) or released now; a scheduled chapter can be moved or taken back until
 * it goes out; a live one can be taken down (the password is asked again by
 * the reauth machine around that call) and a taken-down one restored.
 * Every write carries the version it was based on: a stale one is a conflict
 * whose changes the screen shows until the editor reloads. The server decides
 * every state; the machine only follows its answers.
 */
/** The server's chapter states (core/console/schemas/catalog.ts ChapterState); 'down' is taken down. */
export type ChapterStatus = 'draft' | 'scheduled' | 'live' | 'down';

export interface ChapterChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface ChapterLifecycleContext {
  status: ChapterStatus;
  version: number;
  /** The failure code of the last write, for the screen to show. */
  problem: string | null;
  /** What another editor changed (a stale write's conflict). */
  changes: ChapterChange[];
}

export type ChapterLifecycleEvent =
  | { type: 'chapter.loaded'; status: ChapterStatus; version: number }
  | { type: 'schedule.submit'; releaseAt: number; freeUntil: number | null }
  | { type: 'release.now' }
  | { type: 'schedule.withdraw' }
  | { type: 'takedown.done'; version: number }
  | { type: 'chapter.restore' }
  | { type: 'save.done'; status: ChapterStatus; version: number }
  | { type: 'save.failed'; code: string }
  | { type: 'save.conflict'; changes: ChapterChange[] }
  | { type: 'conflict.reload' };

type Loaded = Extract<ChapterLifecycleEvent, { status: ChapterStatus }>;
const is =
  (s: ChapterStatus) =>
  ({ event }: { event: ChapterLifecycleEvent }) =>
    (event as Loaded).status === s;
const was =
  (s: ChapterStatus) =>
  ({ context }: { context: ChapterLifecycleContext }) =>
    context.status === s;

/** An answer with the chapter's status goes to that status's state. */
const STATE_OF = { draft: 'draft', scheduled: 'scheduled', live: 'live', down: 'takenDown' } as const;
const GUARD = (prefix: 'is' | 'was', s: ChapterStatus) => `${prefix}${STATE_OF[s][0].toUpperCase()}${STATE_OF[s].slice(1)}`;
const byStatus = (['draft', 'scheduled', 'live', 'down'] as const).map((s) => ({
  guard: GUARD('is', s) as 'isDraft' | 'isScheduled' | 'isLive' | 'isTakenDown',
  target: STATE_OF[s],
  actions: 'adopt' as const,
}));

/** A refused write leaves the chapter where it was, with the reason (a live one is only taken down, not saved). */
const back = (['draft', 'scheduled', 'down'] as const).map((s) => ({
  guard: GUARD('was', s) as 'wasDraft' | 'wasScheduled' | 'wasTakenDown',
  target: STATE_OF[s],
  actions: 'keepProblem' as const,
}));

export const chapterLifecycleMachine = setup({
  types: { context: {} as ChapterLifecycleContext, events: {} as ChapterLifecycleEvent },
  actions: {
    adopt: assign({
      status: ({ event }) => (event as Loaded).status,
      version: ({ event }) => (event as Loaded).version,
      problem: null,
      changes: [],
    }),
    keepProblem: assign({ problem: ({ event }) => (event.type === 'save.failed' ? event.code : null) }),
    loadChapter: () => {},
    saveSchedule: (_, _p: { releaseAt: number; freeUntil: number | null; version: number }) => {},
    releaseNow: (_, _p: { version: number }) => {},
    withdrawSchedule: (_, _p: { version: number }) => {},
    restoreChapter: (_, _p: { version: number }) => {},
  },
  guards: {
    isDraft: is('draft'),
    isScheduled: is('scheduled'),
    isLive: is('live'),
    isTakenDown: is('down'),
    wasDraft: was('draft'),
    wasScheduled: was('scheduled'),
    wasTakenDown: was('down'),
  },
}).createMachine({
  id: 'consoleChapterLifecycle',
  context: { status: 'draft', version: 0, problem: null, changes: [] },
  initial: 'loading',
  states: {
    loading: {
      entry: 'loadChapter',
      on: { 'chapter.loaded': byStatus },
    },
    draft: {
      on: {
        'schedule.submit': {
          target: 'saving',
          actions: {
            type: 'saveSchedule',
            params: ({ context, event }) => ({ releaseAt: event.releaseAt, freeUntil: event.freeUntil, version: context.version }),
          },
        },
        'release.now': { target: 'saving', actions: { type: 'releaseNow', params: ({ context }) => ({ version: context.version }) } },
      },
    },
    scheduled: {
      on: {
        'schedule.submit': {
          target: 'saving',
          actions: {
            type: 'saveSchedule',
            params: ({ context, event }) => ({ releaseAt: event.releaseAt, freeUntil: event.freeUntil, version: context.version }),
          },
        },
        'release.now': { target: 'saving', actions: { type: 'releaseNow', params: ({ context }) => ({ version: context.version }) } },
        'schedule.withdraw': {
          target: 'saving',
          actions: { type: 'withdrawSchedule', params: ({ context }) => ({ version: context.version }) },
        },
        // Its time came (the screen reads the chapter again).
        'chapter.loaded': byStatus,
      },
    },
    live: {
      on: {
        'takedown.done': { target: 'takenDown', actions: assign({ status: 'down', version: ({ event }) => event.version, problem: null }) },
      },
    },
    takenDown: {
      on: {
        'chapter.restore': {
          target: 'saving',
          actions: { type: 'restoreChapter', params: ({ context }) => ({ version: context.version }) },
        },
      },
    },
    saving: {
      on: {
        'save.done': byStatus,
        'save.failed': back,
        'save.conflict': { target: 'conflict', actions: assign({ changes: ({ event }) => event.changes, problem: 'conflict' }) },
      },
    },
    conflict: {
      on: { 'conflict.reload': { target: 'loading', actions: assign({ changes: [], problem: null }) } },
    },
  },
});
