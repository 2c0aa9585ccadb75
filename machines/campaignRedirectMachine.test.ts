import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CAMPAIGN_DELAY_MS, campaignRedirectMachine, type CampaignRegion } from './campaignRedirectMachine';
import { actionLog, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const INPUTS: Array<{ region: CampaignRegion }> = [{ region: 'us' }, { region: 'fr' }];

describe('campaignRedirectMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('campaignRedirect', campaignRedirectMachine, machinePaths(campaignRedirectMachine, { inputs: INPUTS }));
  });

  it("waits 1400 ms on the injected clock, then goes to the region's link", () => {
    for (const input of INPUTS) {
      const log = actionLog('startTimer', 'redirect');
      const a = createActor(campaignRedirectMachine.provide({ actions: log.actions }), { input }).start();
      expect(log.calls).toEqual([['startTimer', { ms: CAMPAIGN_DELAY_MS }]]);
      expect(CAMPAIGN_DELAY_MS).toBe(1400);
      a.send({ type: 'campaign.elapsed' });
      expect(a.getSnapshot().value).toBe('redirecting');
      expect(log.calls.slice(1)).toEqual([['redirect', { region: input.region }]]);
    }
  });
});
