import { LabelCode, type Rating, ReleaseSchedule, TitleUpdateStatus, UpdateTiming } from '../../core/gen/manga/v1/common_pb.js';
import { DAY } from '../lib/clock.js';
import { makeRng } from '../content/rng.js';
import { authorFor, CADENCE_DAYS, LANG_WEIGHT, languagesFor, lastWeekday, ONGOING_SCHEDULES, pad3 } from './seriesPlan.js';
import { emptyCatalog, PUBLISHERS, type Catalog, type TitleInfo } from '../content/model.js';
import { addPages, pageCount } from './pages.js';
import { seriesStyleSeed } from '../images/style.js';
import { BY_SHORT } from '../../core/languages.js';
import { SERIES, GENRES } from '../content/text/series.js';
import { GENRE_SENTENCES, CLOSERS, CHAPTER_WORD } from '../content/text/phrases.js';
import { CHAPTER_TITLES } from '../content/text/chapterTitles.js';
import { COMMENTS, USER_NAMES } from '../content/text/chatter.js';
import { chapterThumbUrl, iconUrl, titleImageUrl, ICON_COUNT } from '../images/assets.js';
import { addExtras } from './extras.js';

/** The demo catalog's rows (server/content/model.ts). */
export type { Catalog };

const TITLE_ID_BASE = 100000;
const CHAPTER_ID_BASE = 1000000;

/** Special items, by series index. */
const NOTABLE_SERIES = { future: 0, long: 9, rtl: 7, vertical: 34, millionLikes: 0 } as const;

/** Builds the whole demo catalog in memory. Deterministic from (seed, now) except the XOR keys. */
export function generateCatalog(seed: number, now: number): Catalog {
  const cat = emptyCatalog();
  GENRES.forEach((g, k) => cat.tags.push({ id: k + 1, tag: g.tag, slug: g.slug }));
  const tagId = (slug: string) => GENRES.findIndex((g) => g.slug === slug) + 1;

  let titleId = TITLE_ID_BASE;
  let chapterId = CHAPTER_ID_BASE;
  let commentId = 0;
  let ongoingN = 0;
  let weeklyN = 0;
  let completedN = 0;
  const infos: TitleInfo[] = [];

  SERIES.forEach((spec, i) => {
    const rng = makeRng(seed, 'series', i);
    const seriesId = i + 1;
    const langs = languagesFor(i, rng);
    const schedule =
      spec.kind === 'ongoing'
        ? ONGOING_SCHEDULES[ongoingN++ % ONGOING_SCHEDULES.length]
        : spec.kind === 'completed'
          ? completedN++ % 2 === 0
            ? ReleaseSchedule.COMPLETED
            : ReleaseSchedule.DISABLED
          : ReleaseSchedule.DISABLED;
    const timing =
      schedule === ReleaseSchedule.EVERYDAY
        ? UpdateTiming.DAY
        : schedule === ReleaseSchedule.WEEKLY || schedule === ReleaseSchedule.BIWEEKLY
          ? (((weeklyN++ % 7) + 1) as UpdateTiming)
          : UpdateTiming.NOT_REGULARLY;
    const label = (i < 14 ? i : rng.int(0, 13)) as LabelCode;
    const rating = (i % 4) as Rating;
    const rtl = spec.bookRtl || (!spec.webtoon && i % 2 === 1);
    const cadence = CADENCE_DAYS[schedule] ?? 7;
    const styleSeed = seriesStyleSeed(seed, seriesId);

    // Release times of the full (original-language) run, oldest first.
    let n: number;
    let latest: number;
    if (spec.kind === 'one_shot') {
      n = 1;
      latest = now - (i === 15 ? 2 : rng.int(5, 60)) * DAY - rng.int(0, 10) * 3600;
    } else if (spec.kind === 'completed') {
      n = rng.int(8, 16);
      latest = Math.floor(now / DAY) * DAY + 15 * 3600 - rng.int(30, 400) * DAY;
    } else {
      n = schedule === ReleaseSchedule.WEEKLY ? rng.int(8, 22) : rng.int(6, 14);
      if (spec.webtoon) n = rng.int(10, 16);
      latest =
        timing >= UpdateTiming.MONDAY && timing <= UpdateTiming.SUNDAY
          ? lastWeekday(now, timing)
          : schedule === ReleaseSchedule.EVERYDAY
            ? Math.floor(now / DAY) * DAY + 15 * 3600
            : Math.floor(now / DAY) * DAY + 15 * 3600 - rng.int(1, 12) * DAY;
      if (latest > now) latest -= DAY;
    }
    const starts = Array.from({ length: n }, (_, k) => latest - (n - 1 - k) * cadence * DAY);
    const withFuture =
      spec.kind === 'ongoing' && (schedule === ReleaseSchedule.EVERYDAY || (schedule === ReleaseSchedule.WEEKLY && i % 2 === 0));
    const createdAt = starts[0] - rng.int(1, 20) * DAY;

    cat.series.push({
      id: seriesId,
      slug: spec.name.en
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      label,
      status: spec.kind,
      release_schedule: schedule,
      update_timing: timing,
      rating,
      is_simulpub: spec.kind === 'ongoing' && i % 3 !== 2 ? 1 : 0,
      plan_type: i % 5 === 4 ? 'deluxe' : 'standard',
      publisher_id: 1 + (i % PUBLISHERS.length),
      start_from_right: rtl ? 1 : 0,
      region_code: '',
      created_at: createdAt,
    });
    for (const g of spec.genres) cat.series_tags.push({ series_id: seriesId, tag_id: tagId(g) });
    if (spec.kind === 'one_shot') cat.series_tags.push({ series_id: seriesId, tag_id: tagId('one-shot') });

    const author = authorFor(i, rng);
    const popularity = Math.floor(Math.exp(rng.next() * Math.log(400)) * 12000) + (i === 0 ? 9_000_000 : 0);
    const simulpub = cat.series.at(-1)!.is_simulpub === 1;

    langs.forEach((lang, li) => {
      const id = ++titleId;
      const tr = makeRng(seed, 'title', id);
      const lag = lang === 'en' || simulpub || spec.kind !== 'ongoing' ? 0 : tr.int(0, Math.min(3, n - 1));
      const count = n - lag;
      const views = Math.floor(popularity * LANG_WEIGHT[lang] * (0.8 + tr.next() * 0.4));
      const lastStart = starts[count - 1];
      const status =
        label === LabelCode.CREATORS
          ? TitleUpdateStatus.CREATORS_STATUS
          : spec.kind === 'ongoing' && i >= 32
            ? TitleUpdateStatus.NEW
            : spec.kind === 'ongoing' && now - lastStart < 36 * 3600
              ? TitleUpdateStatus.UP
              : spec.kind === 'completed' && i % 2 === 1
                ? TitleUpdateStatus.REEDITION
                : i % 5 === 0
                  ? TitleUpdateStatus.OUR_PICKS
                  : TitleUpdateStatus.NONE;
      const genres = spec.genres;
      cat.titles.push({
        id,
        series_id: seriesId,
        language: BY_SHORT[lang].language,
        name: spec.name[lang],
        author: author(lang),
        overview: [GENRE_SENTENCES[genres[0]][lang], genres[1] ? GENRE_SENTENCES[genres[1]][lang] : '', CLOSERS[i % CLOSERS.length][lang]]
          .filter(Boolean)
          .join(' '),
        portrait_image_url: titleImageUrl(id, 'portrait'),
        landscape_image_url: titleImageUrl(id, 'landscape'),
        title_image_url: titleImageUrl(id, 'title'),
        background_image_url: titleImageUrl(id, 'background'),
        favorite_image_url: titleImageUrl(id, 'favorite'),
        view_count: views,
        update_status: status,
        viewing_period_description: '',
        non_appearance_info: '',
        is_new: langs.length >= 3 && li === langs.length - 1 ? 1 : 0,
        created_at: createdAt + li * 3 * DAY,
      });
      const info: TitleInfo = { id, seriesIdx: i, seriesId, lang, name: spec.name[lang], chapters: [], views };
      infos.push(info);

      // Chapters: the run, an optional future one, and the long special.
      const plan: { start: number; name: string; num: number; pages?: number }[] = starts
        .slice(0, count)
        .map((start, k) => ({ start, num: k + 1, name: spec.kind === 'one_shot' ? 'One-shot' : `#${pad3(k + 1)}` }));
      if (withFuture && lag === 0) plan.push({ start: latest + cadence * DAY, num: n + 1, name: `#${pad3(n + 1)}` });
      if (i === NOTABLE_SERIES.long && lang === 'en') plan.push({ start: latest + 3600, num: 0, name: 'ex', pages: 320 });

      plan.forEach((c, k) => {
        const cid = ++chapterId;
        const cr = makeRng(seed, 'chapter', cid);
        const published = c.start <= now;
        let end = 0;
        if (spec.kind === 'ongoing' && plan.length >= 8 && i % 3 === 0 && k === plan.length - 5)
          end = now + cr.int(1, 6) * DAY + cr.int(1, 20) * 3600;
        if (spec.kind === 'ongoing' && plan.length >= 8 && i % 3 === 0 && k === plan.length - 6) end = now + 20 * DAY;
        // Long runs keep the first 3 and the newest 3 chapters on the web; the
        // ones between have ended (title detail's mid list, behind the app separator).
        if (spec.kind === 'ongoing' && plan.length >= 12 && i % 3 === 1 && k >= 3 && k < plan.length - 3 && published)
          end = now - cr.int(1, 30) * DAY;
        const sub =
          c.num === 0
            ? `${spec.name[lang]}: ${CHAPTER_WORD[lang]} 1–10`
            : `${CHAPTER_WORD[lang]} ${c.num}: ${CHAPTER_TITLES[(c.num - 1 + i) % CHAPTER_TITLES.length][lang]}`;
        cat.chapters.push({
          id: cid,
          title_id: id,
          seq: k + 1,
          name: c.name,
          sub_title: sub,
          thumbnail_url: chapterThumbUrl(cid),
          start_ts: c.start,
          end_ts: end,
          is_vertical_only: spec.webtoon ? 1 : 0,
          is_horizontal_only: spec.bookRtl ? 1 : 0,
          view_count: published ? Math.floor((views / (k + 2)) * (0.7 + cr.next() * 0.6)) : 0,
          ticket_end: 0,
          notified_at: published ? c.start : 0,
        });
        info.chapters.push({ id: cid, start: c.start });
        addPages(cat, cid, styleSeed, spec, rtl, c.pages ?? pageCount(spec, schedule, cr), cr);

        if (c.num === 0) cat.notable.longChapterId = cid;
        if (i === NOTABLE_SERIES.rtl && lang === 'en' && k === 0) {
          cat.notable.rtlChapterId = cid;
          cat.notable.horizontalOnlyChapterId = cid;
        }
        if (i === NOTABLE_SERIES.vertical && lang === 'en' && k === 0) cat.notable.verticalOnlyChapterId = cid;
        if (i === NOTABLE_SERIES.future && lang === 'en' && !published) cat.notable.futureChapterId = cid;

        // Comments on the first chapter and the two latest readable ones.
        const readable = plan.filter((p) => p.start <= now).length;
        if (published && (k === 0 || k >= readable - 2)) {
          const nComments = Math.max(2, Math.round(cr.int(3, 14) * (lang === 'en' ? 1 : 0.6)));
          for (let m = 0; m < nComments; m++) {
            const cm = ++commentId;
            let likes = Math.floor(cr.next() ** 3 * 900);
            if (cr.chance(0.08)) likes = cr.int(1000, 99_999);
            if (i === NOTABLE_SERIES.millionLikes && lang === 'en' && k === readable - 1 && m === 0) {
              likes = 1_234_567;
              cat.notable.millionLikesCommentId = cm;
            }
            cat.comments.push({
              id: cm,
              chapter_id: cid,
              idx: m + 1,
              user_name: cr.pick(USER_NAMES),
              icon_url: iconUrl(cr.int(1, ICON_COUNT)),
              body: cr.pick(COMMENTS)[lang],
              created: Math.min(now - 60, c.start + cr.int(60, 5 * DAY)),
              base_likes: likes,
            });
          }
        }
      });
    });
  });

  PUBLISHERS.forEach((name, k) =>
    cat.publishers.push({
      id: k + 1,
      name,
      banner_image_url: `/img/publisher/${k + 1}/banner.webp`,
      banner_width: 1000,
      banner_height: 250,
    }),
  );
  addExtras(cat, infos, seed, now);
  return cat;
}
