import { useId, useState } from 'react';
import { t } from '../../i18n';
import { ownZone, secondsToZoned, zonedToSeconds } from '../zonedTime';
import { ZoneSelect } from './ZoneSelect';

/** One moment (a publication time, a preview's "when") in a time zone the editor picks, shown back in it. */
export function MomentField({
  label,
  value,
  onChange,
  required,
}: {
  label: string;
  value: number | null;
  onChange: (s: number | null) => void;
  required?: boolean;
}) {
  const id = useId();
  const [zone, setZone] = useState(ownZone);
  // 0 is "from the start" (a text published since ever): an empty field that keeps it so, never Jan 1, 1970.
  const fromStart = value === 0;
  return (
    <div className="c-row c-moment">
      <div className="c-field">
        <label htmlFor={`${id}-at`}>{label}</label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          required={required && !fromStart}
          value={fromStart ? '' : secondsToZoned(value, zone)}
          aria-describedby={fromStart ? `${id}-start` : undefined}
          onChange={(e) => onChange(zonedToSeconds(e.target.value, zone))}
        />
        {fromStart ? (
          <p id={`${id}-start`} className="c-field__hint">
            {t('console.period.fromStartHint')}
          </p>
        ) : null}
      </div>
      <ZoneSelect id={`${id}-zone`} label={t('console.period.zone')} zone={zone} onPick={setZone} />
    </div>
  );
}
