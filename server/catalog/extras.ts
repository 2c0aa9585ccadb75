import { PresentationMethod, Rating } from '../../core/gen/manga/v1/common_pb.js';
import { sanitizeHtml } from '../lib/html.js';
import type { Catalog, TitleInfo } from '../content/model.js';
import { PUBLISHERS } from '../content/model.js';
import { DAY } from '../lib/clock.js';
import { makeRng } from '../content/rng.js';
import { BY_SHORT, SHORT_CODES, type ShortCode } from '../../core/languages.js';
import { SERIES } from '../content/text/series.js';
import { ANNOUNCEMENTS, FEATURED_LISTS, HOME_POPUP, NEWS, RATING_POPUP, SURVEY, SURVEY_LANGS } from '../content/text/copy.js';
import { appLink, bannerUrl, BANNER_SIZES, popupImageUrl } from '../images/assets.js';

const QUESTIONNAIRE_KEY = 'demo2026';
/** Home popups: one-image in these languages, app-default in the others. */
const ONE_IMAGE_LANGS: ShortCode[] = ['en', 'fr', 'id', 'th', 'vi'];
const HOME_POPUP_ID_BASE = 9000;
const RATING_POPUP_ID_BASE = 9100;

type ActionKind = 'detail' | 'viewer' | 'webview' | 'plain';
const ACTION_CYCLE: ActionKind[] = ['detail', 'viewer', 'detail', 'webview', 'plain'];

/** Banners, featured lists, popups, announcements, publisher news and the questionnaire. */
export function addExtras(cat: Catalog, titles: TitleInfo[], seed: number, now: number): void {
  const rng = makeRng(seed, 'extras');
  const readable = (t: TitleInfo) => t.chapters.filter((c) => c.start <= now);
  const popular = titles.slice().sort((a, b) => b.views - a.views);
  const english = popular.filter((t) => t.lang === 'en');

  let bannerId = 0;
  const action = (kind: ActionKind, t: TitleInfo): { action_method: number; action_url: string } => {
    const first = readable(t)[0] ?? t.chapters[0];
    switch (kind) {
      case 'detail':
        return { action_method: PresentationMethod.PUSH, action_url: appLink.detail(t.id) };
      case 'viewer':
        return { action_method: PresentationMethod.PUSH, action_url: appLink.viewer(first.id) };
      case 'webview':
        return { action_method: PresentationMethod.MODAL, action_url: appLink.webview(`https://example.com/special/${t.seriesId}`) };
      default:
        return { action_method: PresentationMethod.EXTERNAL, action_url: `https://example.com/store/series/${t.seriesId}` };
    }
  };
  const counts: Record<string, number> = {
    home_top: 6,
    featured_top: 3,
    featured: 3,
    ranking: 3,
    search_top: 2,
    viewer_insert: 3,
    viewer_list: 4,
    last_page: 2,
  };
  for (const [placement, n] of Object.entries(counts)) {
    for (let k = 0; k < n; k++) {
      const t = english[(k * 3 + placement.length) % english.length];
      // A few language-specific home banners; the rest are for every language.
      const localized = placement === 'home_top' && k >= 4 ? titles.find((x) => x.seriesId === t.seriesId && x.lang !== 'en') : undefined;
      const target = localized ?? t;
      const size = BANNER_SIZES[placement];
      const id = ++bannerId;
      cat.banners.push({
        id,
        placement,
        title_id: 0,
        publisher_id: 0,
        language: localized ? BY_SHORT[localized.lang].language : -1,
        image_url: bannerUrl(id),
        width: size.width,
        height: size.height,
        ...action(ACTION_CYCLE[(k + bannerId) % ACTION_CYCLE.length], target),
        is_pr: placement === 'viewer_list' && k % 2 === 1 ? 1 : 0,
        sort: k,
      });
    }
  }
  // Title banners: for the most popular titles in every language.
  for (const t of popular.slice(0, 40)) {
    const id = ++bannerId;
    const size = BANNER_SIZES.title;
    cat.banners.push({
      id,
      placement: 'title',
      title_id: t.id,
      publisher_id: 0,
      language: BY_SHORT[t.lang].language,
      image_url: bannerUrl(id),
      width: size.width,
      height: size.height,
      ...action(id % 2 ? 'viewer' : 'webview', t),
      is_pr: 0,
      sort: 0,
    });
  }
  PUBLISHERS.forEach((_, k) => {
    const t = english.find((x) => cat.series[x.seriesId - 1].publisher_id === k + 1) ?? english[0];
    const id = ++bannerId;
    const size = BANNER_SIZES.publisher;
    cat.banners.push({
      id,
      placement: 'publisher',
      title_id: 0,
      publisher_id: k + 1,
      language: -1,
      image_url: bannerUrl(id),
      width: size.width,
      height: size.height,
      ...action(k % 2 ? 'plain' : 'webview', t),
      is_pr: 1,
      sort: 0,
    });
  });

  // Featured lists.
  const seriesWith = (pred: (i: number) => boolean) =>
    SERIES.map((_, i) => i)
      .filter(pred)
      .map((i) => i + 1);
  const seriesByViews = [...new Set(popular.map((t) => t.seriesId))];
  const lists: { kind: string; ids: number[] }[] = [
    { kind: 'titles', ids: seriesWith((i) => SERIES[i].genres.includes('fantasy')) },
    { kind: 'titles', ids: rng.shuffle(seriesByViews).slice(0, 8) },
    { kind: 'ranked', ids: seriesByViews.slice(0, 10) },
    { kind: 'titles', ids: seriesWith((i) => SERIES[i].kind === 'completed') },
    { kind: 'titles', ids: seriesWith((i) => i >= 30) },
    { kind: 'titles', ids: seriesWith((i) => SERIES[i].genres.includes('sports')) },
  ];
  lists.forEach((l, k) => {
    cat.featured_lists.push({ id: k + 1, name: FEATURED_LISTS[k], container_id: 100 + k + 1, kind: l.kind, sort: k });
    l.ids.forEach((sid, n) => cat.featured_list_items.push({ list_id: k + 1, series_id: sid, sort: n }));
  });

  // Home popups, one per language; rating popups per rated series and language.
  SHORT_CODES.forEach((lang, k) => {
    const id = HOME_POPUP_ID_BASE + k + 1;
    const t = popular.find((x) => x.lang === lang) ?? english[0];
    const oneImage = ONE_IMAGE_LANGS.includes(lang);
    cat.popups.push({
      id,
      placement: 'home',
      kind: oneImage ? 'one_image' : 'app_default',
      language: BY_SHORT[lang].language,
      subject: oneImage ? '' : HOME_POPUP.subject[lang],
      body: oneImage ? '' : HOME_POPUP.body[lang],
      image_url: popupImageUrl(id),
      ...(oneImage ? action('detail', t) : { action_method: PresentationMethod.EXTERNAL, action_url: 'https://example.com/app' }),
      series_id: 0,
    });
  });
  let ratingId = RATING_POPUP_ID_BASE;
  for (const t of titles) {
    const rating = cat.series[t.seriesId - 1].rating as Rating;
    if (rating !== Rating.TEENPLUS && rating !== Rating.MATURE) continue;
    cat.popups.push({
      id: ++ratingId,
      placement: 'rating',
      kind: 'app_default',
      language: BY_SHORT[t.lang].language,
      subject: RATING_POPUP.subject[t.lang],
      body: RATING_POPUP.body[t.lang],
      image_url: '',
      action_method: PresentationMethod.PUSH,
      action_url: '',
      series_id: t.seriesId,
    });
  }

  // Service announcements and publisher news.
  let annId = 0;
  for (const lang of SHORT_CODES) {
    ANNOUNCEMENTS.forEach((a, k) => {
      cat.announcements.push({
        id: ++annId,
        language: BY_SHORT[lang].language,
        title: a.title[lang],
        body: sanitizeHtml(a.body[lang]),
        date: now - [2, 9, 23][k] * DAY - k * 3600,
      });
    });
  }
  let newsId = 0;
  PUBLISHERS.forEach((_, p) => {
    for (const lang of SHORT_CODES) {
      const own = popular.filter((t) => cat.series[t.seriesId - 1].publisher_id === p + 1);
      const t = own.find((x) => x.lang === lang) ?? own.find((x) => x.lang === 'en') ?? english[p];
      NEWS.forEach((n, k) => {
        cat.publisher_news.push({
          id: ++newsId,
          publisher_id: p + 1,
          language: BY_SHORT[lang].language,
          subject: n.subject[lang],
          body: sanitizeHtml(n.body[lang].replace('{title}', t.name)),
          published_ts: now - (1 + k * 6 + p) * DAY,
          action_url: t.lang === lang ? appLink.detail(t.id) : `https://example.com/news/${p + 1}`,
        });
      });
    }
  });

  // The questionnaire, per survey language.
  SURVEY_LANGS.forEach((lang, k) => {
    const s = SURVEY[lang];
    const q = s.q;
    const questions = [
      { description: q[0].description, canSkip: false, numberOfChoices: 1, selection: q[0].selection, hideFreeform: true, freeForm: '' },
      {
        description: q[1].description,
        canSkip: false,
        numberOfChoices: 3,
        selection: q[1].selection,
        hideFreeform: false,
        freeForm: q[1].freeForm ?? '',
      },
      {
        description: q[2].description,
        canSkip: false,
        numberOfChoices: 1,
        selection: q[2].selection,
        hideFreeform: false,
        freeForm: q[2].freeForm ?? '',
      },
      { description: q[3].description, canSkip: true, numberOfChoices: 1, selection: q[3].selection, hideFreeform: true, freeForm: '' },
    ];
    cat.questionnaires.push({
      id: k + 1,
      key: QUESTIONNAIRE_KEY,
      lang: BY_SHORT[lang].service,
      subject: s.subject,
      questions: JSON.stringify(questions),
      answered_subject: s.answeredSubject,
      answered_body: s.answeredBody,
    });
  });
  cat.notable.questionnaireKey = QUESTIONNAIRE_KEY;
}
