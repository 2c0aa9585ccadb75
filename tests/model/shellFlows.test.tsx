import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { campaignRedirectMachine } from '../../machines/campaignRedirectMachine';
import { promoPopupMachine, PROMO_INTERVAL_SECONDS, type PromoInput } from '../../machines/promoPopupMachine';
import CampaignScreen, { installLink } from '../../src/screens/campaign/CampaignScreen';
import { PromoPopup } from '../../src/app/ShellPopups';
import { loadTestMessages } from './shellHelpers';
import { runUiModel } from './uiModel';

describe('shell lifecycles on the rendered UI', () => {
  beforeEach(() => loadTestMessages());

  it("campaign redirect: waits 1400 ms, then goes to the region's install link", async () => {
    let went: string[] = [];
    await runUiModel(campaignRedirectMachine, { name: 'campaignRedirect', inputs: [{ region: 'us' }, { region: 'fr' }] }, (input) => {
      const region = (input as { region: 'us' | 'fr' }).region;
      return {
        render: () => {
          went = [];
          const { hook } = memoryLocation({ path: region === 'fr' ? '/topfr' : '/topus' });
          render(
            <Router hook={hook}>
              <CampaignScreen go={(u) => went.push(u)} />
            </Router>,
          );
        },
        // The real timer: the page waits its 1400 ms.
        events: { 'campaign.elapsed': () => new Promise((r) => setTimeout(r, 1450)) },
        check: (s) => {
          // The page says it is redirecting, with the manual link, while it waits and after.
          expect(screen.getByRole('status').textContent).not.toBe('');
          expect(screen.getByRole('link', { name: /./ }).getAttribute('href')).toBe(installLink(region));
          expect(went).toEqual(s.value === 'redirecting' ? [installLink(region)] : []);
        },
      };
    });
  });

  it('regional promo popup: date window, regions, once per 24 hours', async () => {
    const config = { start: 1_000_000, end: 2_000_000, regions: ['BR', 'MX'] };
    const base: PromoInput = { config, now: 1_500_000, region: 'BR', lastShown: null };
    const inputs: PromoInput[] = [
      base,
      { ...base, now: 999_999 },
      { ...base, region: 'FR' },
      { ...base, lastShown: base.now - PROMO_INTERVAL_SECONDS + 1 },
      { ...base, lastShown: base.now - PROMO_INTERVAL_SECONDS },
    ];
    await runUiModel(promoPopupMachine, { name: 'promoPopup', inputs }, (input) => {
      const i = input as PromoInput;
      return {
        render: () => {
          // The last showing is what the browser stored.
          if (i.lastShown !== null) localStorage.setItem('SAPromoLastShown', String(i.lastShown));
          render(<PromoPopup config={i.config} now={i.now} region={i.region} />);
        },
        events: {
          'promo.close': () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
          'promo.follow': () => fireEvent.click(screen.getByRole('link')),
        },
        check: (s) => {
          expect(!!screen.queryByRole('dialog')).toBe(s.value === 'shown');
          // Showing it records the time (the 24-hour limit).
          if (s.value === 'shown') expect(localStorage.getItem('SAPromoLastShown')).toBe(String(i.now));
        },
      };
    });
  });
});
