import { locale } from '../i18n';

// dateStyle/timeStyle cannot be combined with timeZoneName (Chromium throws "Invalid option"): the fields are named one by one.
const FIELDS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A time in seconds UTC, written in the member's locale and time zone (with the zone's name). */
export function when(sec: number | null | undefined): string {
  if (sec === null || sec === undefined) return '—';
  return new Intl.DateTimeFormat(locale(), FIELDS).format(new Date(sec * 1000));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What an audit entry changed: when both sides are records, only the fields
 * that differ (a role change shows roles, not the whole member); otherwise
 * both sides as they are.
 */
export function changedFields(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (!isRecord(before) || !isRecord(after)) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(keys.filter((k) => k in before).map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.filter((k) => k in after).map((k) => [k, after[k]])),
  };
}
