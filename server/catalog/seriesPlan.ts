import { type LabelCode, type Rating, ReleaseSchedule, UpdateTiming } from '../../core/gen/manga/v1/common_pb.js';
import { SHORT_CODES, type ShortCode } from '../../core/languages.js';
import { DAY } from '../lib/clock.js';
import { makeRng, type Rng } from '../content/rng.js';
import { GIVEN_NAMES, SURNAMES } from '../content/text/series.js';
import type { SeriesSpec } from '../content/text/seriesSpec.js';
import { seriesStyleSeed } from '../images/style.js';

/** How a demo series is published: its schedule, editions, author and release days (server/catalog/generate.ts). */

const ONGOING_SCHEDULES = [
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
const CADENCE_DAYS: Partial<Record<ReleaseSchedule, number>> = {
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

function languagesFor(i: number, rng: Rng): ShortCode[] {
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
function lastWeekday(now: number, timing: UpdateTiming): number {
  const jsDay: number = timing === UpdateTiming.SUNDAY ? 0 : timing;
  let t = Math.floor(now / DAY) * DAY + 15 * 3600;
  while (t > now || new Date(t * 1000).getUTCDay() !== jsDay) t -= DAY;
  return t;
}

/**
 * What runs on from one series to the next: the last ids given, and how many
 * ongoing, completed and weekly series were dealt a schedule or a weekday so far.
 */
export interface Counters {
  titleId: number;
  chapterId: number;
  commentId: number;
  ongoing: number;
  completed: number;
  weekly: number;
}

/** One demo series as planned: its row's values and the release times its editions' chapters follow. */
export interface SeriesRun {
  spec: SeriesSpec;
  /** The series' index in SERIES (special items go by it). */
  i: number;
  seriesId: number;
  /** The series' own random stream, drawn from in a fixed order (the catalog is reproducible from its seed). */
  rng: Rng;
  langs: ShortCode[];
  schedule: ReleaseSchedule;
  timing: UpdateTiming;
  label: LabelCode;
  rating: Rating;
  rtl: boolean;
  cadence: number;
  styleSeed: number;
  /** Chapters in the full (original-language) run, the latest one's release, and every release oldest first. */
  n: number;
  latest: number;
  starts: number[];
  /** Whether the run announces its next chapter before it is out. */
  withFuture: boolean;
  createdAt: number;
}

/** Plans the series at index i of SERIES (counters: the schedules and weekdays dealt so far). */
export function planSeries(spec: SeriesSpec, i: number, seed: number, now: number, counters: Counters): SeriesRun {
  const rng = makeRng(seed, 'series', i);
  const langs = languagesFor(i, rng);
  const schedule = scheduleFor(spec, counters);
  const timing = timingFor(schedule, counters);
  const label = (i < 14 ? i : rng.int(0, 13)) as LabelCode;
  const cadence = CADENCE_DAYS[schedule] ?? 7;
  const { n, latest } = releaseRun(spec, i, schedule, timing, now, rng);
  const starts = Array.from({ length: n }, (_, k) => latest - (n - 1 - k) * cadence * DAY);
  return {
    spec,
    i,
    seriesId: i + 1,
    rng,
    langs,
    schedule,
    timing,
    label,
    rating: i % 4,
    rtl: spec.bookRtl || (!spec.webtoon && i % 2 === 1),
    cadence,
    styleSeed: seriesStyleSeed(seed, i + 1),
    n,
    latest,
    starts,
    withFuture: spec.kind === 'ongoing' && (schedule === ReleaseSchedule.EVERYDAY || (schedule === ReleaseSchedule.WEEKLY && i % 2 === 0)),
    createdAt: starts[0] - rng.int(1, 20) * DAY,
  };
}

/** Ongoing series take the next of ONGOING_SCHEDULES; completed ones alternate between completed and disabled. */
function scheduleFor(spec: SeriesSpec, counters: Counters): ReleaseSchedule {
  if (spec.kind === 'ongoing') return ONGOING_SCHEDULES[counters.ongoing++ % ONGOING_SCHEDULES.length];
  if (spec.kind === 'completed') return counters.completed++ % 2 === 0 ? ReleaseSchedule.COMPLETED : ReleaseSchedule.DISABLED;
  return ReleaseSchedule.DISABLED;
}

/** Daily series update every day; weekly and biweekly ones take the weekdays in turn; the rest, irregularly. */
function timingFor(schedule: ReleaseSchedule, counters: Counters): UpdateTiming {
  if (schedule === ReleaseSchedule.EVERYDAY) return UpdateTiming.DAY;
  if (schedule === ReleaseSchedule.WEEKLY || schedule === ReleaseSchedule.BIWEEKLY) return (counters.weekly++ % 7) + 1;
  return UpdateTiming.NOT_REGULARLY;
}

/** How many chapters the full run has and when the latest came out. */
function releaseRun(
  spec: SeriesSpec,
  i: number,
  schedule: ReleaseSchedule,
  timing: UpdateTiming,
  now: number,
  rng: Rng,
): { n: number; latest: number } {
  // Today's release moment (15:00 UTC), whether or not it has passed.
  const today = Math.floor(now / DAY) * DAY + 15 * 3600;
  if (spec.kind === 'one_shot') return { n: 1, latest: now - (i === 15 ? 2 : rng.int(5, 60)) * DAY - rng.int(0, 10) * 3600 };
  if (spec.kind === 'completed') {
    const n = rng.int(8, 16);
    return { n, latest: today - rng.int(30, 400) * DAY };
  }
  let n = schedule === ReleaseSchedule.WEEKLY ? rng.int(8, 22) : rng.int(6, 14);
  if (spec.webtoon) n = rng.int(10, 16);
  let latest =
    timing >= UpdateTiming.MONDAY && timing <= UpdateTiming.SUNDAY
      ? lastWeekday(now, timing)
      : schedule === ReleaseSchedule.EVERYDAY
        ? today
        : today - rng.int(1, 12) * DAY;
  if (latest > now) latest -= DAY;
  return { n, latest };
}
