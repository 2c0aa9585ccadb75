import { ReleaseSchedule, UpdateTiming } from '../../core/gen/manga/v1/common_pb.js';
import { SHORT_CODES, type ShortCode } from '../../core/languages.js';
import { DAY } from '../lib/clock.js';
import type { Rng } from '../content/rng.js';
import { GIVEN_NAMES, SURNAMES } from '../content/text/series.js';

/** How a demo series is published: its schedule, editions, author and release days (server/catalog/generate.ts). */

export const ONGOING_SCHEDULES = [
  ReleaseSchedule.WEEKLY,
  ReleaseSchedule.WEEKLY,
  ReleaseSchedule.EVERYDAY,
  ReleaseSchedule.BIWEEKLY,
  ReleaseSchedule.WEEKLY,
  ReleaseSchedule.MONTHLY,
  ReleaseSchedule.WEEKLY,
  ReleaseSchedule.BIMONTHLY,
  ReleaseSchedule.WEEKLY,
  ReleaseSchedule.TRIMONTHLY,
  ReleaseSchedule.WEEKLY,
  ReleaseSchedule.OTHER,
];
export const CADENCE_DAYS: Partial<Record<ReleaseSchedule, number>> = {
  [ReleaseSchedule.EVERYDAY]: 1,
  [ReleaseSchedule.WEEKLY]: 7,
  [ReleaseSchedule.BIWEEKLY]: 14,
  [ReleaseSchedule.MONTHLY]: 30,
  [ReleaseSchedule.BIMONTHLY]: 60,
  [ReleaseSchedule.TRIMONTHLY]: 90,
  [ReleaseSchedule.OTHER]: 10,
};
/** Relative popularity of each language edition (view counts). */
export const LANG_WEIGHT: Record<ShortCode, number> = { en: 1, es: 0.7, fr: 0.35, id: 0.3, pt: 0.4, ru: 0.25, th: 0.3, de: 0.2, vi: 0.25 };

export const pad3 = (n: number) => String(n).padStart(3, '0');

export function languagesFor(i: number, rng: Rng): ShortCode[] {
  if (i === 0) return [...SHORT_CODES];
  if (i === 1) return ['en', 'es'];
  const others = rng.shuffle(SHORT_CODES.filter((c) => c !== 'en'));
  const n = rng.int(2, 9);
  const withEnglish = i % 7 !== 3;
  const picked = withEnglish ? ['en' as ShortCode, ...others.slice(0, n - 1)] : others.slice(0, Math.min(n, 8));
  return SHORT_CODES.filter((c) => picked.includes(c));
}

export function authorFor(i: number, rng: Rng): (lang: ShortCode) => string {
  const people = [0, 1].map(() => [rng.pick(GIVEN_NAMES), rng.pick(SURNAMES)] as const);
  const two = i % 6 === 2;
  return (lang) => {
    const script = lang === 'ru' ? 1 : lang === 'th' ? 2 : 0;
    const names = people.map(([g, s]) => `${g[script]} ${s[script]}`);
    return two ? `${names[0]} / ${names[1]}` : names[0];
  };
}

/** The most recent release moment (15:00 UTC) on the given weekday at or before now. */
export function lastWeekday(now: number, timing: UpdateTiming): number {
  const jsDay: number = timing === UpdateTiming.SUNDAY ? 0 : timing;
  let t = Math.floor(now / DAY) * DAY + 15 * 3600;
  while (t > now || new Date(t * 1000).getUTCDay() !== jsDay) t -= DAY;
  return t;
}
