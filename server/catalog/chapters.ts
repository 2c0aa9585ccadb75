import { DAY } from '../lib/clock.js';
import { makeRng, type Rng } from '../content/rng.js';
import type { Catalog, TitleInfo } from '../content/model.js';
import type { ShortCode } from '../../core/languages.js';
import { CHAPTER_WORD } from '../content/text/phrases.js';
import { CHAPTER_TITLES } from '../content/text/chapterTitles.js';
import { COMMENTS, USER_NAMES } from '../content/text/chatter.js';
import { chapterThumbUrl, iconUrl, ICON_COUNT } from '../images/assets.js';
import { addPages, pageCount } from './pages.js';
import { pad3, type Counters, type SeriesRun } from './seriesPlan.js';

/** The chapters of one language edition, their pages and comments (server/catalog/generate.ts). */

/** Special items, by series index. */
const NOTABLE_SERIES = { future: 0, long: 9, rtl: 7, vertical: 34, millionLikes: 0 } as const;

/** One language edition of a series (a title), as its chapters need it. */
export interface Edition {
  id: number;
  lang: ShortCode;
  /** How many of the run's latest chapters this edition has not caught up with. */
  lag: number;
  /** How many chapters of the run it has. */
  count: number;
  views: number;
  info: TitleInfo;
}

interface PlannedChapter {
  start: number;
  name: string;
  num: number;
  pages?: number;
}

/** One chapter being added: where it is in the plan, its id and its own random stream. */
interface Slot {
  chapter: PlannedChapter;
  k: number;
  id: number;
  rng: Rng;
  published: boolean;
}

/** Adds an edition's chapters: the run, an optional future one, and the long special. */
export function addChapters(cat: Catalog, run: SeriesRun, edition: Edition, seed: number, now: number, counters: Counters): void {
  const plan = chapterPlan(run, edition);
  const readable = plan.filter((p) => p.start <= now).length;
  plan.forEach((chapter, k) => {
    const id = ++counters.chapterId;
    const slot: Slot = { chapter, k, id, rng: makeRng(seed, 'chapter', id), published: chapter.start <= now };
    addChapterRow(cat, run, edition, slot, chapterEnd(run, plan.length, slot, now));
    addPages(cat, id, run.styleSeed, run.spec, run.rtl, chapter.pages ?? pageCount(run.spec, run.schedule, slot.rng), slot.rng);
    markNotable(cat, run, edition.lang, slot);
    // Comments on the first chapter and the two latest readable ones.
    if (slot.published && (k === 0 || k >= readable - 2)) addComments(cat, run, edition.lang, slot, readable, now, counters);
  });
}

function chapterPlan(run: SeriesRun, edition: Edition): PlannedChapter[] {
  const { spec, n, latest, cadence } = run;
  const plan: PlannedChapter[] = run.starts
    .slice(0, edition.count)
    .map((start, k) => ({ start, num: k + 1, name: spec.kind === 'one_shot' ? 'One-shot' : `#${pad3(k + 1)}` }));
  if (run.withFuture && edition.lag === 0) plan.push({ start: latest + cadence * DAY, num: n + 1, name: `#${pad3(n + 1)}` });
  if (run.i === NOTABLE_SERIES.long && edition.lang === 'en') plan.push({ start: latest + 3600, num: 0, name: 'ex', pages: 320 });
  return plan;
}

/** When a chapter leaves the web (0: it stays), of a plan of total chapters. */
function chapterEnd(run: SeriesRun, total: number, { k, rng, published }: Slot, now: number): number {
  const ongoing = run.spec.kind === 'ongoing';
  let end = 0;
  if (ongoing && total >= 8 && run.i % 3 === 0 && k === total - 5) end = now + rng.int(1, 6) * DAY + rng.int(1, 20) * 3600;
  if (ongoing && total >= 8 && run.i % 3 === 0 && k === total - 6) end = now + 20 * DAY;
  // Long runs keep the first 3 and the newest 3 chapters on the web; the
  // ones between have ended (title detail's mid list, behind the app separator).
  if (ongoing && total >= 12 && run.i % 3 === 1 && k >= 3 && k < total - 3 && published) end = now - rng.int(1, 30) * DAY;
  return end;
}

function addChapterRow(cat: Catalog, run: SeriesRun, edition: Edition, { chapter: c, k, id, rng, published }: Slot, end: number): void {
  const { spec, i } = run;
  const lang = edition.lang;
  cat.chapters.push({
    id,
    title_id: edition.id,
    seq: k + 1,
    name: c.name,
    sub_title:
      c.num === 0
        ? `${spec.name[lang]}: ${CHAPTER_WORD[lang]} 1–10`
        : `${CHAPTER_WORD[lang]} ${c.num}: ${CHAPTER_TITLES[(c.num - 1 + i) % CHAPTER_TITLES.length][lang]}`,
    thumbnail_url: chapterThumbUrl(id),
    start_ts: c.start,
    end_ts: end,
    is_vertical_only: spec.webtoon ? 1 : 0,
    is_horizontal_only: spec.bookRtl ? 1 : 0,
    view_count: published ? Math.floor((edition.views / (k + 2)) * (0.7 + rng.next() * 0.6)) : 0,
    ticket_end: 0,
    notified_at: published ? c.start : 0,
  });
  edition.info.chapters.push({ id, start: c.start });
}

/** The chapters docs/catalog.md names: the long special, right-to-left, vertical-only and future ones. */
function markNotable(cat: Catalog, run: SeriesRun, lang: ShortCode, { chapter, k, id, published }: Slot): void {
  const en = lang === 'en';
  if (chapter.num === 0) cat.notable.longChapterId = id;
  if (run.i === NOTABLE_SERIES.rtl && en && k === 0) {
    cat.notable.rtlChapterId = id;
    cat.notable.horizontalOnlyChapterId = id;
  }
  if (run.i === NOTABLE_SERIES.vertical && en && k === 0) cat.notable.verticalOnlyChapterId = id;
  if (run.i === NOTABLE_SERIES.future && en && !published) cat.notable.futureChapterId = id;
}

/** A chapter's comments, one of them (on the series' latest readable chapter in English) with a million likes. */
function addComments(
  cat: Catalog,
  run: SeriesRun,
  lang: ShortCode,
  { chapter, k, id, rng }: Slot,
  readable: number,
  now: number,
  counters: Counters,
): void {
  const nComments = Math.max(2, Math.round(rng.int(3, 14) * (lang === 'en' ? 1 : 0.6)));
  for (let m = 0; m < nComments; m++) {
    const cm = ++counters.commentId;
    let likes = Math.floor(rng.next() ** 3 * 900);
    if (rng.chance(0.08)) likes = rng.int(1000, 99_999);
    if (run.i === NOTABLE_SERIES.millionLikes && lang === 'en' && k === readable - 1 && m === 0) {
      likes = 1_234_567;
      cat.notable.millionLikesCommentId = cm;
    }
    cat.comments.push({
      id: cm,
      chapter_id: id,
      idx: m + 1,
      user_name: rng.pick(USER_NAMES),
      icon_url: iconUrl(rng.int(1, ICON_COUNT)),
      body: rng.pick(COMMENTS)[lang],
      created: Math.min(now - 60, chapter.start + rng.int(60, 5 * DAY)),
      base_likes: likes,
    });
  }
}
