import { setup } from 'xstate';

/**
 * Campaign redirect pages (001 §2): after 1400 ms the visitor goes to the
 * app-install link of the campaign's region (US or France). The delay is an
 * injected clock: startTimer schedules 'campaign.elapsed'.
 */
export const CAMPAIGN_DELAY_MS = 1400;

export type CampaignRegion = 'us' | 'fr';

export const campaignRedirectMachine = setup({
  types: {
    input: {} as { region: CampaignRegion },
    context: {} as { region: CampaignRegion },
    events: {} as { type: 'campaign.elapsed' },
  },
  actions: {
    startTimer: (_, _p: { ms: number }) => {},
    redirect: (_, _p: { region: CampaignRegion }) => {},
  },
}).createMachine({
  id: 'campaignRedirect',
  context: ({ input }) => ({ region: input.region }),
  initial: 'waiting',
  states: {
    waiting: {
      entry: { type: 'startTimer', params: { ms: CAMPAIGN_DELAY_MS } },
      on: { 'campaign.elapsed': 'redirecting' },
    },
    redirecting: {
      entry: { type: 'redirect', params: ({ context }) => ({ region: context.region }) },
    },
  },
});
