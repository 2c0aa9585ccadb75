import { locale } from '../../src/i18n';

/** A time in seconds UTC, written in the member's locale and time zone (with the zone's name). */
export function when(sec: number | null | undefined): string {
  if (sec === null || sec === undefined) return '—';
  // dateStyle/timeStyle cannot be combined with timeZoneName (Intl throws): the parts are named one by one.
  return new Intl.DateTimeFormat(locale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(sec * 1000));
}
