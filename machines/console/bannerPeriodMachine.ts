import { assign, setup } from 'xstate';

/**
 * A banner's period as its editor sees it: with no start it is
 * incomplete; an end at or before the start is refused before anything is
 * sent; otherwise the banner is scheduled, live or ended at the moment the
 * console's clock says, and moves on by itself while the editor looks at it.
 * The same rule holds for popups and surveys' periods. Times are seconds UTC;
 * an end of null means "until taken down".
 */
export interface BannerPeriodContext {
  startAt: number | null;
  endAt: number | null;
  now: number;
}

export interface BannerPeriodInput {
  startAt: number | null;
  endAt: number | null;
  now: number;
}

export type BannerPeriodEvent = { type: 'period.set'; startAt: number | null; endAt: number | null } | { type: 'clock.tick'; now: number };

export const bannerPeriodMachine = setup({
  types: { context: {} as BannerPeriodContext, events: {} as BannerPeriodEvent, input: {} as BannerPeriodInput },
  guards: {
    noStart: ({ context }) => context.startAt === null,
    endBeforeStart: ({ context }) => context.endAt !== null && context.startAt !== null && context.endAt <= context.startAt,
    notYet: ({ context }) => context.startAt !== null && context.now < context.startAt,
    over: ({ context }) => context.endAt !== null && context.now >= context.endAt,
  },
}).createMachine({
  id: 'consoleBannerPeriod',
  context: ({ input }) => ({ startAt: input.startAt, endAt: input.endAt, now: input.now }),
  initial: 'classify',
  on: {
    'period.set': { target: '.classify', actions: assign(({ event }) => ({ startAt: event.startAt, endAt: event.endAt })) },
    'clock.tick': { target: '.classify', actions: assign({ now: ({ event }) => event.now }) },
  },
  states: {
    classify: {
      always: [
        { guard: 'noStart', target: 'incomplete' },
        { guard: 'endBeforeStart', target: 'invalid' },
        { guard: 'notYet', target: 'scheduled' },
        { guard: 'over', target: 'ended' },
        { target: 'live' },
      ],
    },
    incomplete: {},
    invalid: {},
    scheduled: {},
    live: {},
    ended: {},
  },
});
