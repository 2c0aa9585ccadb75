import { useMemo } from 'react';
import { keepZone, zoneList } from '../zonedTime';

/**
 * A time zone field: every zone this browser knows (zoneList), the one chosen kept for the member's next form
 * (keepZone) and handed to `onPick` (which writes the same instants in it, where the form holds any).
 */
export function ZoneSelect({ id, label, zone, onPick }: { id: string; label: string; zone: string; onPick: (zone: string) => void }) {
  const zones = useMemo(() => zoneList(), []);
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={zone}
        onChange={(e) => {
          keepZone(e.target.value);
          onPick(e.target.value);
        }}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
    </div>
  );
}
