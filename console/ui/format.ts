import { locale, t } from '../i18n';
import { ownZone } from './zonedTime';

// dateStyle/timeStyle cannot be combined with timeZoneName (Chromium throws "Invalid option"): the fields are named one by one.
const FIELDS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A time in seconds UTC, written in the member's locale and the zone they work in (with the zone's name). */
export function when(sec: number | null | undefined): string {
  if (sec === null || sec === undefined) return '—';
  return new Intl.DateTimeFormat(locale(), { ...FIELDS, timeZone: ownZone() }).format(new Date(sec * 1000));
}

/** No start (null, or 0: "from the epoch") is "from the start", never Jan 1, 1970. */
const openStart = (sec: number | null | undefined) => sec === null || sec === undefined || sec <= 0;

/**
 * A period as readers get it: "Dec 3, 2026, 7:01 AM GMT+7 – until taken down",
 * "From the start – Dec 9, …", or "Always" when it has neither a start nor an end.
 */
export function period(startAt: number | null | undefined, endAt: number | null | undefined): string {
  const noEnd = endAt === null || endAt === undefined;
  if (openStart(startAt) && noEnd) return t('console.period.always');
  const from = openStart(startAt) ? t('console.period.fromStart') : when(startAt);
  return `${from} – ${noEnd ? t('console.period.open') : when(endAt)}`;
}
