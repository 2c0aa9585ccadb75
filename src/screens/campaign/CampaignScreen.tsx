import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { campaignRedirectMachine, type CampaignRegion } from '../../../machines/campaignRedirectMachine';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { Timers } from '../../lib/timers';
import { SITE } from '../../lib/siteLinks';
import './campaign.css';

/** /…topus and /popus are the US campaign, /…topfr and /popfr France. */
function campaignRegion(path: string): CampaignRegion {
  return /fr\/?$/.test(path) ? 'fr' : 'us';
}

export function installLink(region: CampaignRegion): string {
  return region === 'fr' ? SITE.installFr : SITE.installUs;
}

export default function CampaignScreen({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const [path] = useLocation();
  const region = campaignRegion(path);
  const [timers] = useState(() => new Timers());
  const [state] = useMachine(
    campaignRedirectMachine.provide({
      actions: {
        startTimer: ({ self }, { ms }) => {
          timers.after(ms, () => self.send({ type: 'campaign.elapsed' }));
        },
        redirect: (_, p) => go(installLink(p.region)),
      },
    }),
    { input: { region }, inspect },
  );
  useEffect(() => () => timers.clear(), [timers]);
  return (
    <main className="campaign" data-screen="campaign" data-state={String(state.value)}>
      <img src="/app-icon.svg" alt="" width={96} height={96} />
      <p role="status">{t('static.campaignRedirecting')}</p>
      <a href={installLink(region)} className="button button--primary">
        {t('static.campaignManual')}
      </a>
    </main>
  );
}
