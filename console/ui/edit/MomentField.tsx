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
  return (
    <div className="c-row c-moment">
      <div className="c-field">
        <label htmlFor={`${id}-at`}>{label}</label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          required={required}
          value={secondsToZoned(value, zone)}
          onChange={(e) => onChange(zonedToSeconds(e.target.value, zone))}
        />
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
