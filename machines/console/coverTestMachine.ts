import { assign, setup } from 'xstate';

/**
 * A cover test as its editor sees it (issue 48): a draft gathers its
 * variants (the title's image and up to two more) and starts once it has
 * two; a running test splits visitors until the editor ends it by picking
 * a winner (ending), or discards it, or its period ends on the server
 * (read again: ended). Every write carries the version read: a stale one is
 * a conflict shown until the editor reloads. A refused write leaves the
 * test where it was with the reason. The server decides every state; the
 * machine only follows its answers.
 */
export type CoverTestStatus = 'draft' | 'running' | 'ended';

export interface CoverTestContext {
  status: CoverTestStatus;
  version: number;
  variants: number;
  /** The reason of the last refusal, for the screen to show. */
  problem: string | null;
}

const MAX_COVER_VARIANTS = 3;

export type CoverTestEvent =
  | { type: 'test.loaded'; status: CoverTestStatus; version: number; variants: number }
  /** file: what the UI's provided action uploads (opaque here). */
  | { type: 'variant.add'; file?: unknown }
  | { type: 'test.start'; days: number }
  | { type: 'test.end'; winner: number }
  | { type: 'test.discard' }
  | { type: 'save.done'; status: CoverTestStatus; version: number; variants: number }
  | { type: 'save.failed'; code: string }
  | { type: 'save.conflict' }
  | { type: 'conflict.reload' };

type Answer = Extract<CoverTestEvent, { status: CoverTestStatus }>;

const is =
  (s: CoverTestStatus) =>
  ({ event }: { event: CoverTestEvent }) =>
    (event as Answer).status === s;
/** An answer with the test's status goes to that status's state. */
const byStatus = [
  { guard: 'isDraft' as const, target: 'draft', actions: 'adopt' as const },
  { guard: 'isRunning' as const, target: 'running', actions: 'adopt' as const },
  { guard: 'isEnded' as const, target: 'ended', actions: 'adopt' as const },
];
/** A refused write leaves the test where it was, with the reason. */
const back = [
  { guard: 'wasRunning' as const, target: 'running', actions: 'keepProblem' as const },
  { target: 'draft', actions: 'keepProblem' as const },
];
const version = ({ context }: { context: CoverTestContext }) => ({ version: context.version });
const discard = { target: 'ending', actions: { type: 'discardTest' as const, params: version } };

export const coverTestMachine = setup({
  types: { context: {} as CoverTestContext, events: {} as CoverTestEvent },
  actions: {
    adopt: assign({
      status: ({ event }) => (event as Answer).status,
      version: ({ event }) => (event as Answer).version,
      variants: ({ event }) => (event as Answer).variants,
      problem: null,
    }),
    keepProblem: assign({ problem: ({ event }) => (event.type === 'save.failed' ? event.code : null) }),
    refuse: assign({ problem: ({ context }) => (context.variants >= MAX_COVER_VARIANTS ? 'too-many-variants' : 'too-few-variants') }),
    loadTest: () => {},
    addVariant: (_, _p: { version: number; file: unknown }) => {},
    startTest: (_, _p: { version: number; days: number }) => {},
    endTest: (_, _p: { version: number; winner: number }) => {},
    discardTest: (_, _p: { version: number }) => {},
  },
  guards: {
    isDraft: is('draft'),
    isRunning: is('running'),
    isEnded: is('ended'),
    wasRunning: ({ context }) => context.status === 'running',
    roomForVariant: ({ context }) => context.variants < MAX_COVER_VARIANTS,
    enoughVariants: ({ context }) => context.variants >= 2,
  },
}).createMachine({
  id: 'consoleCoverTest',
  context: { status: 'draft', version: 0, variants: 0, problem: null },
  initial: 'loading',
  states: {
    loading: { entry: 'loadTest', on: { 'test.loaded': byStatus } },
    draft: {
      on: {
        'variant.add': [
          {
            guard: 'roomForVariant',
            target: 'saving',
            actions: { type: 'addVariant', params: ({ context, event }) => ({ version: context.version, file: event.file ?? null }) },
          },
          { actions: 'refuse' },
        ],
        'test.start': [
          {
            guard: 'enoughVariants',
            target: 'saving',
            actions: { type: 'startTest', params: ({ context, event }) => ({ version: context.version, days: event.days }) },
          },
          { actions: 'refuse' },
        ],
        'test.discard': discard,
      },
    },
    // Its period may end on the server meanwhile: the screen reads it again.
    running: {
      on: {
        'test.end': {
          target: 'ending',
          actions: { type: 'endTest', params: ({ context, event }) => ({ version: context.version, winner: event.winner }) },
        },
        'test.discard': discard,
        'test.loaded': byStatus,
      },
    },
    saving: {
      on: {
        'save.done': byStatus,
        'save.failed': { target: 'draft', actions: 'keepProblem' },
        'save.conflict': { target: 'conflict', actions: assign({ problem: 'conflict' }) },
      },
    },
    ending: {
      on: { 'save.done': byStatus, 'save.failed': back, 'save.conflict': { target: 'conflict', actions: assign({ problem: 'conflict' }) } },
    },
    ended: {},
    conflict: { on: { 'conflict.reload': { target: 'loading', actions: assign({ problem: null }) } } },
  },
});
