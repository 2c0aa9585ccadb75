import { LabelCode, TitleUpdateStatus } from '../../core/gen/manga/v1/common_pb.js';
import { DAY } from '../lib/clock.js';
import { makeRng } from '../content/rng.js';
import { authorFor, LANG_WEIGHT, planSeries, type Counters, type SeriesRun } from './seriesPlan.js';
import { emptyCatalog, PUBLISHERS, type Catalog, type TitleInfo } from '../content/model.js';
import { BY_SHORT, type ShortCode } from '../../core/languages.js';
import { SERIES, GENRES } from '../content/text/series.js';
import { GENRE_SENTENCES, CLOSERS } from '../content/text/phrases.js';
import { titleImageUrl } from '../images/assets.js';
import { addChapters, type Edition } from './chapters.js';
import { addExtras } from './extras.js';

/** The demo catalog's rows (server/content/model.ts). */
export type { Catalog };

const TITLE_ID_BASE = 100000;
const CHAPTER_ID_BASE = 1000000;

/** Builds the whole demo catalog in memory. Deterministic from (seed, now) except the XOR keys. */
export function generateCatalog(seed: number, now: number): Catalog {
  const cat = emptyCatalog();
  GENRES.forEach((g, k) => cat.tags.push({ id: k + 1, tag: g.tag, slug: g.slug }));
  const counters: Counters = { titleId: TITLE_ID_BASE, chapterId: CHAPTER_ID_BASE, commentId: 0, ongoing: 0, completed: 0, weekly: 0 };
  const infos: TitleInfo[] = [];
  SERIES.forEach((spec, i) => {
    const run = planSeries(spec, i, seed, now, counters);
    addSeriesRows(cat, run);
    addEditions(cat, run, seed, now, counters, infos);
  });
  addPublishers(cat);
  addExtras(cat, infos, seed, now);
  return cat;
}

const tagId = (slug: string) => GENRES.findIndex((g) => g.slug === slug) + 1;

/** Simultaneous publication: most ongoing series come out in every language at once. */
const isSimulpub = ({ spec, i }: SeriesRun) => spec.kind === 'ongoing' && i % 3 !== 2;

/** The series row and its genre tags (one-shots also carry the one-shot tag). */
function addSeriesRows(cat: Catalog, run: SeriesRun): void {
  const { spec, i, seriesId } = run;
  cat.series.push({
    id: seriesId,
    slug: spec.name.en
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    label: run.label,
    status: spec.kind,
    release_schedule: run.schedule,
    update_timing: run.timing,
    rating: run.rating,
    is_simulpub: isSimulpub(run) ? 1 : 0,
    plan_type: i % 5 === 4 ? 'deluxe' : 'standard',
    publisher_id: 1 + (i % PUBLISHERS.length),
    start_from_right: run.rtl ? 1 : 0,
    region_code: '',
    created_at: run.createdAt,
  });
  for (const g of spec.genres) cat.series_tags.push({ series_id: seriesId, tag_id: tagId(g) });
  if (spec.kind === 'one_shot') cat.series_tags.push({ series_id: seriesId, tag_id: tagId('one-shot') });
}

/** What every edition of a series shares: its author(s) and how popular the series is. */
interface Shared {
  author: (lang: ShortCode) => string;
  popularity: number;
}

/** A title per language of the series, each with its chapters. */
function addEditions(cat: Catalog, run: SeriesRun, seed: number, now: number, counters: Counters, infos: TitleInfo[]): void {
  const author = authorFor(run.i, run.rng);
  const popularity = Math.floor(Math.exp(run.rng.next() * Math.log(400)) * 12000) + (run.i === 0 ? 9_000_000 : 0);
  run.langs.forEach((lang, li) => {
    const edition = addTitle(cat, run, { author, popularity }, lang, li, seed, now, counters);
    infos.push(edition.info);
    addChapters(cat, run, edition, seed, now, counters);
  });
}

function addTitle(
  cat: Catalog,
  run: SeriesRun,
  shared: Shared,
  lang: ShortCode,
  li: number,
  seed: number,
  now: number,
  counters: Counters,
): Edition {
  const { spec, i, seriesId, n, langs } = run;
  const id = ++counters.titleId;
  const tr = makeRng(seed, 'title', id);
  const lag = lang === 'en' || isSimulpub(run) || spec.kind !== 'ongoing' ? 0 : tr.int(0, Math.min(3, n - 1));
  const count = n - lag;
  const views = Math.floor(shared.popularity * LANG_WEIGHT[lang] * (0.8 + tr.next() * 0.4));
  cat.titles.push({
    id,
    series_id: seriesId,
    language: BY_SHORT[lang].language,
    name: spec.name[lang],
    author: shared.author(lang),
    overview: overview(run, lang),
    portrait_image_url: titleImageUrl(id, 'portrait'),
    landscape_image_url: titleImageUrl(id, 'landscape'),
    title_image_url: titleImageUrl(id, 'title'),
    background_image_url: titleImageUrl(id, 'background'),
    favorite_image_url: titleImageUrl(id, 'favorite'),
    view_count: views,
    update_status: updateStatus(run, run.starts[count - 1], now),
    viewing_period_description: '',
    non_appearance_info: '',
    is_new: langs.length >= 3 && li === langs.length - 1 ? 1 : 0,
    created_at: run.createdAt + li * 3 * DAY,
  });
  const info: TitleInfo = { id, seriesIdx: i, seriesId, lang, name: spec.name[lang], chapters: [], views };
  return { id, lang, lag, count, views, info };
}

/** The overview: a sentence for each of the first two genres and a closer. */
function overview({ spec, i }: SeriesRun, lang: ShortCode): string {
  const genres = spec.genres;
  return [GENRE_SENTENCES[genres[0]][lang], genres[1] ? GENRE_SENTENCES[genres[1]][lang] : '', CLOSERS[i % CLOSERS.length][lang]]
    .filter(Boolean)
    .join(' ');
}

/** The title's badge, given when its latest chapter (of this edition) came out. */
function updateStatus({ spec, i, label }: SeriesRun, lastStart: number, now: number): TitleUpdateStatus {
  if (label === LabelCode.CREATORS) return TitleUpdateStatus.CREATORS_STATUS;
  if (spec.kind === 'ongoing' && i >= 32) return TitleUpdateStatus.NEW;
  if (spec.kind === 'ongoing' && now - lastStart < 36 * 3600) return TitleUpdateStatus.UP;
  if (spec.kind === 'completed' && i % 2 === 1) return TitleUpdateStatus.REEDITION;
  if (i % 5 === 0) return TitleUpdateStatus.OUR_PICKS;
  return TitleUpdateStatus.NONE;
}

function addPublishers(cat: Catalog): void {
  PUBLISHERS.forEach((name, k) =>
    cat.publishers.push({
      id: k + 1,
      name,
      banner_image_url: `/img/publisher/${k + 1}/banner.webp`,
      banner_width: 1000,
      banner_height: 250,
    }),
  );
}
