import { assign, setup } from 'xstate';

/**
 * One release in several languages (a release group) as its editor sees it:
 * a draft until it is scheduled at one time; a scheduled group can be moved,
 * released now or cancelled until its time; at its time the server's job
 * releases it, or holds it while a language lacks pages and the editor chose
 * to block (a held group gets a new time, is split — the ready languages go,
 * the rest wait — or is cancelled). What members lacking pages do is the
 * editor's choice (`partial`: block or split), changed in any open state.
 * Every write carries the version it was based on: a stale one is a conflict
 * shown until the editor reloads. The server decides every state; the
 * machine only follows its answers.
 */
export type ReleaseGroupStatus = 'draft' | 'scheduled' | 'held' | 'released' | 'cancelled';
export type PartialChoice = 'block' | 'split';

export interface ReleaseGroupContext {
  status: ReleaseGroupStatus;
  version: number;
  partial: PartialChoice;
  /** The failure code of the last write, for the screen to show. */
  problem: string | null;
}

export type ReleaseGroupEvent =
  | { type: 'group.loaded'; status: ReleaseGroupStatus; version: number; partial: PartialChoice }
  | { type: 'schedule.submit'; startAt: number; endAt: number }
  | { type: 'partial.choose'; partial: PartialChoice }
  | { type: 'release.now' }
  | { type: 'group.cancel' }
  | { type: 'save.done'; status: ReleaseGroupStatus; version: number; partial: PartialChoice }
  | { type: 'save.failed'; code: string }
  | { type: 'save.conflict' }
  | { type: 'conflict.reload' };

type Answer = Extract<ReleaseGroupEvent, { status: ReleaseGroupStatus }>;
const STATUSES = ['draft', 'scheduled', 'held', 'released', 'cancelled'] as const;
const OPEN = ['draft', 'scheduled', 'held'] as const;
const cap = (s: string) => `${s[0].toUpperCase()}${s.slice(1)}`;
type IsGuard = `is${Capitalize<ReleaseGroupStatus>}`;
type WasGuard = `was${Capitalize<(typeof OPEN)[number]>}`;

/** An answer with the group's status goes to that status's state. */
const byStatus = STATUSES.map((s) => ({ guard: `is${cap(s)}` as IsGuard, target: s, actions: 'adopt' as const }));
/** A refused write leaves the group where it was, with the reason. */
const back = OPEN.map((s) => ({ guard: `was${cap(s)}` as WasGuard, target: s, actions: 'keepProblem' as const }));

const is =
  (s: ReleaseGroupStatus) =>
  ({ event }: { event: ReleaseGroupEvent }) =>
    (event as Answer).status === s;
const was =
  (s: ReleaseGroupStatus) =>
  ({ context }: { context: ReleaseGroupContext }) =>
    context.status === s;

/** What an open group (draft, scheduled, held) accepts: each a write at the version read. */
const openWrites = {
  'schedule.submit': {
    target: 'saving',
    actions: {
      type: 'saveSchedule',
      params: ({ context, event }: { context: ReleaseGroupContext; event: Extract<ReleaseGroupEvent, { type: 'schedule.submit' }> }) => ({
        startAt: event.startAt,
        endAt: event.endAt,
        version: context.version,
      }),
    },
  },
  'partial.choose': {
    target: 'saving',
    actions: {
      type: 'savePartial',
      params: ({ context, event }: { context: ReleaseGroupContext; event: Extract<ReleaseGroupEvent, { type: 'partial.choose' }> }) => ({
        partial: event.partial,
        version: context.version,
      }),
    },
  },
  'release.now': {
    target: 'saving',
    actions: { type: 'releaseNow', params: ({ context }: { context: ReleaseGroupContext }) => ({ version: context.version }) },
  },
  'group.cancel': {
    target: 'saving',
    actions: { type: 'cancelGroup', params: ({ context }: { context: ReleaseGroupContext }) => ({ version: context.version }) },
  },
} as const;

export const releaseGroupMachine = setup({
  types: { context: {} as ReleaseGroupContext, events: {} as ReleaseGroupEvent },
  actions: {
    adopt: assign({
      status: ({ event }) => (event as Answer).status,
      version: ({ event }) => (event as Answer).version,
      partial: ({ event }) => (event as Answer).partial,
      problem: null,
    }),
    keepProblem: assign({ problem: ({ event }) => (event.type === 'save.failed' ? event.code : null) }),
    loadGroup: () => {},
    saveSchedule: (_, _p: { startAt: number; endAt: number; version: number }) => {},
    savePartial: (_, _p: { partial: PartialChoice; version: number }) => {},
    releaseNow: (_, _p: { version: number }) => {},
    cancelGroup: (_, _p: { version: number }) => {},
  },
  guards: {
    isDraft: is('draft'),
    isScheduled: is('scheduled'),
    isHeld: is('held'),
    isReleased: is('released'),
    isCancelled: is('cancelled'),
    wasDraft: was('draft'),
    wasScheduled: was('scheduled'),
    wasHeld: was('held'),
  },
}).createMachine({
  id: 'consoleReleaseGroup',
  context: { status: 'draft', version: 0, partial: 'block', problem: null },
  initial: 'loading',
  states: {
    loading: { entry: 'loadGroup', on: { 'group.loaded': byStatus } },
    draft: { on: openWrites },
    // Its time came: the screen reads the group again (released, or held for a language without pages).
    scheduled: { on: { ...openWrites, 'group.loaded': byStatus } },
    held: { on: openWrites },
    released: {},
    cancelled: {},
    saving: {
      on: {
        'save.done': byStatus,
        'save.failed': back,
        'save.conflict': { target: 'conflict', actions: assign({ problem: 'conflict' }) },
      },
    },
    conflict: { on: { 'conflict.reload': { target: 'loading', actions: assign({ problem: null }) } } },
  },
});
