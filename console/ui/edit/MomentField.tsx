import { useId, useMemo, useState } from 'react';
import { t } from '../../i18n';
import { keepZone, ownZone, secondsToZoned, zoneList, zonedToSeconds } from '../zonedTime';

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
  const zones = useMemo(() => zoneList(), []);
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
      <div className="c-field">
        <label htmlFor={`${id}-zone`}>{t('console.period.zone')}</label>
        <select
          id={`${id}-zone`}
          value={zone}
          onChange={(e) => {
            setZone(e.target.value);
            keepZone(e.target.value);
          }}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
