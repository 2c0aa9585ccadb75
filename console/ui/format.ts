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
