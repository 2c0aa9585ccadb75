import { useState } from 'react';
import { useSearch } from 'wouter';
import type { LinkProblem } from '../../../machines/deviceLinkMachine';
import { t } from '../../i18n';
import { windowClock, type TimerClock } from '../../lib/timers';
import { guessDeviceName } from './deviceLinkApi';
import { CodeBox } from './CodeBox';
import { LinkedDevices } from './LinkedDevices';
import { useDeviceLink } from './useDeviceLink';
import './linkDevice.css';

const PROBLEM_TEXT: Record<LinkProblem, string> = {
  tooMany: 'sync.linkTooMany',
  badCode: 'sync.linkBadCode',
  failed: 'sync.linkFailed',
};

/**
 * /link_device: share this reading with another device without an
 * account. This device shows a code (and its QR code, a link to this page with
 * the code) for the other to type or scan; that device then waits, and this
 * one confirms or declines. The devices linked are listed, each can be
 * unlinked. The lifecycle is deviceLinkMachine (useDeviceLink gives it its
 * effects); `clock` times the polls and the code's 10 minutes (tests pass a
 * manual one).
 */
export default function LinkDeviceScreen({ clock = windowClock }: { clock?: TimerClock }) {
  const search = useSearch();
  const [typed, setTyped] = useState(() => new URLSearchParams(search).get('code') ?? '');
  const [name, setName] = useState(() => guessDeviceName(navigator.userAgent));
  const [state, send] = useDeviceLink(clock);
  const { devices, pendingName, code, problem } = state.context;
  // One call at a time: the screen offers its actions only while none runs.
  const free = state.matches('free');
  const asked = state.matches('asked');
  const request = asked || state.matches('confirming') || state.matches('declining');
  const showing = state.matches({ free: 'shown' }) || state.matches({ free: 'expired' });

  return (
    <main className="content link-device" data-screen="link_device" aria-busy={!free && !asked && !state.matches('waiting')}>
      <h1 className="section-title">{t('sync.linkHeading')}</h1>
      <p className="link-device__intro">{t('sync.linkIntro')}</p>
      {problem && (
        <p className="link-device__error" role="alert" data-testid="link-error">
          {t(PROBLEM_TEXT[problem])}
        </p>
      )}
      {request ? <ConfirmRequest pendingName={pendingName} asked={asked} name={name} send={send} /> : null}
      <section className="link-device__box" aria-labelledby="link-show">
        <h2 id="link-show">{t('sync.linkShowHeading')}</h2>
        {showing ? <CodeBox code={code} expired={state.matches({ free: 'expired' })} /> : null}
        <button type="button" className="button" disabled={!free} onClick={() => send({ type: 'code.make' })} data-testid="link-make-code">
          {t(showing ? 'sync.linkNewCode' : 'sync.linkMakeCode')}
        </button>
      </section>
      <section className="link-device__box" aria-labelledby="link-enter">
        <h2 id="link-enter">{t('sync.linkEnterHeading')}</h2>
        {state.matches({ free: 'declined' }) ? (
          <p className="link-device__notice" role="status" data-testid="link-declined">
            {t('sync.linkDeclined')}
          </p>
        ) : null}
        {state.matches('waiting') ? (
          <p role="status" data-testid="link-waiting">
            {t('sync.linkWaiting')}
          </p>
        ) : (
          <ClaimForm typed={typed} setTyped={setTyped} name={name} setName={setName} free={free} send={send} />
        )}
      </section>
      <LinkedDevices
        devices={devices}
        busy={!free}
        done={state.matches({ free: 'linked' })}
        onUnlink={(id) => send({ type: 'device.unlink', id })}
      />
    </main>
  );
}

type Send = ReturnType<typeof useDeviceLink>[1];

/** Another device asks to link: this one confirms (under the name given) or declines, once asked. */
function ConfirmRequest({ pendingName, asked, name, send }: { pendingName: string; asked: boolean; name: string; send: Send }) {
  return (
    <section className="link-device__box" aria-labelledby="link-confirm" data-testid="link-confirm">
      <h2 id="link-confirm">{t('sync.linkConfirmHeading')}</h2>
      <p>{t('sync.linkConfirmBody', { name: pendingName })}</p>
      <div className="link-device__actions">
        <button type="button" className="button" disabled={!asked} onClick={() => send({ type: 'link.decline' })}>
          {t('sync.linkDecline')}
        </button>
        <button type="button" className="button button--primary" disabled={!asked} onClick={() => send({ type: 'link.confirm', name })}>
          {t('sync.linkConfirm')}
        </button>
      </div>
    </section>
  );
}

/** The code shown on the other device, and this device's name, to claim the link with. */
function ClaimForm({
  typed,
  setTyped,
  name,
  setName,
  free,
  send,
}: {
  typed: string;
  setTyped: (v: string) => void;
  name: string;
  setName: (v: string) => void;
  free: boolean;
  send: Send;
}) {
  return (
    <form
      className="link-device__form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'code.claim', code: typed, name });
      }}
    >
      <label htmlFor="link-code-input">{t('sync.linkCodeLabel')}</label>
      <input
        id="link-code-input"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        required
        data-testid="link-code-input"
      />
      <label htmlFor="link-name-input">{t('sync.linkNameLabel')}</label>
      <input id="link-name-input" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
      <button type="submit" className="button button--primary" disabled={!free} data-testid="link-claim">
        {t('sync.linkClaim')}
      </button>
    </form>
  );
}
