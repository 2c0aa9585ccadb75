import { setup } from 'xstate';

/**
 * The app-install banner (000 §9, 001 §4): once dismissed it stays hidden
 * for 60 days, then shows again as a reminder. Input carries the stored
 * dismissal time and the clock reading (seconds); saving is a provided
 * action (saveDismissed), so the machine touches no storage.
 */
export const BANNER_HIDDEN_SECONDS = 60 * 24 * 60 * 60;

export interface AppInstallBannerInput {
  /** Seconds since the epoch of the last dismissal; null when never dismissed. */
  dismissedAt: number | null;
  now: number;
  /** Favorited page: show only if it was never dismissed at all. */
  requireNeverDismissed?: boolean;
}

export type AppInstallBannerEvent = { type: 'banner.dismiss' } | { type: 'banner.install' };

export const appInstallBannerMachine = setup({
  types: {
    input: {} as AppInstallBannerInput,
    context: {} as AppInstallBannerInput,
    events: {} as AppInstallBannerEvent,
  },
  actions: {
    saveDismissed: () => {},
    trackInstall: () => {},
  },
  guards: {
    isHidden: ({ context: c }) => c.dismissedAt !== null && (!!c.requireNeverDismissed || c.now - c.dismissedAt < BANNER_HIDDEN_SECONDS),
  },
}).createMachine({
  id: 'appInstallBanner',
  context: ({ input }) => ({ ...input }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isHidden', target: 'hidden' }, { target: 'visible' }],
    },
    visible: {
      on: {
        'banner.dismiss': { target: 'hidden', actions: 'saveDismissed' },
        'banner.install': { target: 'hidden', actions: ['trackInstall', 'saveDismissed'] },
      },
    },
    hidden: {},
  },
});
