import { setup } from 'xstate';

/**
 * The regional promo popup (000 §9, 001 §4): only inside a fixed date
 * window, only for listed regions, at most once per 24 hours. Window and
 * regions come in the input (config), so tests reach every branch.
 */
export const PROMO_INTERVAL_SECONDS = 24 * 60 * 60;

export interface PromoConfig {
  /** Seconds since the epoch, inclusive start and exclusive end. */
  start: number;
  end: number;
  /** ISO 3166 region codes, upper case. */
  regions: readonly string[];
}

export interface PromoInput {
  config: PromoConfig;
  now: number;
  region: string | null;
  /** Seconds of the last showing; null when never shown. */
  lastShown: number | null;
}

export type PromoEvent = { type: 'promo.close' } | { type: 'promo.follow' };

export const promoPopupMachine = setup({
  types: { input: {} as PromoInput, context: {} as PromoInput, events: {} as PromoEvent },
  actions: {
    saveShown: (_, _p: { now: number }) => {},
    trackFollow: () => {},
  },
  guards: {
    isOutsideWindow: ({ context: c }) => c.now < c.config.start || c.now >= c.config.end,
    isOtherRegion: ({ context: c }) => !c.region || !c.config.regions.includes(c.region.toUpperCase()),
    wasShownRecently: ({ context: c }) => c.lastShown !== null && c.now - c.lastShown < PROMO_INTERVAL_SECONDS,
  },
}).createMachine({
  id: 'promoPopup',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isOutsideWindow', target: 'off' },
        { guard: 'isOtherRegion', target: 'off' },
        { guard: 'wasShownRecently', target: 'off' },
        { target: 'shown' },
      ],
    },
    shown: {
      entry: { type: 'saveShown', params: ({ context }) => ({ now: context.now }) },
      on: {
        'promo.close': 'off',
        'promo.follow': { target: 'off', actions: 'trackFollow' },
      },
    },
    off: {},
  },
});
