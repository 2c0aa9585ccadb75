import { locale } from '../../src/i18n';

/** A time in seconds UTC, written in the member's locale and time zone (with the zone's name). */
export function when(sec: number | null | undefined): string {
  if (sec === null || sec === undefined) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short', timeZoneName: 'short' }).format(new Date(sec * 1000));
}
