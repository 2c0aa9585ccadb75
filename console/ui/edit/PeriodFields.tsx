import { useEffect, useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { bannerPeriodMachine } from '../../../machines/console/bannerPeriodMachine';
import { inspect } from '../../../web/inspector';
import { t, tBuilt } from '../../i18n';
import { every, useClock } from '../../../web/clock';
import { ownZone, secondsToZoned, zonedToSeconds } from '../zonedTime';
import { ZoneSelect } from './ZoneSelect';

export interface Period {
  startAt: number | null;
  endAt: number | null;
}

/** An end at or before its start: refused here, before anything is sent. */
export const periodInvalid = (p: Period) => p.startAt !== null && p.endAt !== null && p.endAt <= p.startAt;

/**
 * Start and end in a time zone the editor picks (shown back in it), and what
 * the period means right now: scheduled, live, ended (the banner period
 * machine on the console's clock, which moves it on while the editor looks).
 */
export function PeriodFields({
  value,
  onChange,
  endLabel,
  quiet,
}: {
  value: Period;
  onChange: (p: Period) => void;
  endLabel?: string;
  /** The form says itself whether readers see the item (a survey's lifecycle): only what is wrong with the period is said here. */
  quiet?: boolean;
}) {
  const id = useId();
  const clock = useClock();
  const [zone, setZone] = useState(ownZone);
  const nowSec = () => Math.floor(clock.now() / 1000);
  const [state, send] = useMachine(bannerPeriodMachine, { input: { ...value, now: nowSec() }, inspect });
  useEffect(() => send({ type: 'period.set', startAt: value.startAt, endAt: value.endAt }), [send, value.startAt, value.endAt]);
  useEffect(() => every(clock, 1000, () => send({ type: 'clock.tick', now: Math.floor(clock.now() / 1000) })), [clock, send]);
  const phase = state.value as string;
  const said = !quiet || phase === 'incomplete' || phase === 'invalid';
  const minutes = value.startAt === null ? 0 : Math.max(1, Math.ceil((value.startAt - state.context.now) / 60));
  return (
    <fieldset className="c-period">
      <legend>{t('console.period.legend')}</legend>
      <ZoneSelect id={`${id}-zone`} label={t('console.period.zone')} zone={zone} onPick={setZone} />
      <div className="c-field">
        <label htmlFor={`${id}-start`}>{t('console.period.start')}</label>
        <input
          id={`${id}-start`}
          type="datetime-local"
          required
          value={secondsToZoned(value.startAt, zone)}
          onChange={(e) => onChange({ ...value, startAt: zonedToSeconds(e.target.value, zone) })}
        />
      </div>
      <div className="c-field">
        <label htmlFor={`${id}-end`}>{endLabel ?? t('console.period.end')}</label>
        <input
          id={`${id}-end`}
          type="datetime-local"
          value={secondsToZoned(value.endAt, zone)}
          aria-invalid={phase === 'invalid' ? true : undefined}
          aria-describedby={`${id}-phase`}
          onChange={(e) => onChange({ ...value, endAt: zonedToSeconds(e.target.value, zone) })}
        />
      </div>
      <p id={`${id}-phase`} className={`c-phase c-phase--${phase}`} role="status">
        {said ? tBuilt(`console.period.phase.${phase}`, { minutes }) : null}
      </p>
    </fieldset>
  );
}
