import { PresentationMethod, Rating } from '../../core/gen/manga/v1/common_pb.js';
import { sanitizeHtml } from '../lib/html.js';
import type { Catalog, TitleInfo } from '../content/model.js';
import { PUBLISHERS } from '../content/model.js';
import { DAY } from '../lib/clock.js';
import { makeRng, type Rng } from '../content/rng.js';
import { BY_SHORT, SHORT_CODES, type ShortCode } from '../../core/languages.js';
import { SERIES } from '../content/text/series.js';
import {
  ANNOUNCEMENTS,
  FEATURED_LISTS,
  HOME_POPUP,
  NEWS,
  RATING_POPUP,
  SURVEY,
  SURVEY_LANGS,
  type QuestionCopy,
} from '../content/text/copy.js';
import { appLink, popupImageUrl } from '../images/assets.js';
import { action, addBanners, type Picks } from './banners.js';

const QUESTIONNAIRE_KEY = 'demo2026';
/** Home popups: one-image in these languages, app-default in the others. */
const ONE_IMAGE_LANGS: ShortCode[] = ['en', 'fr', 'id', 'th', 'vi'];
const HOME_POPUP_ID_BASE = 9000;
const RATING_POPUP_ID_BASE = 9100;

/** Banners, featured lists, popups, announcements, publisher news and the questionnaire. */
export function addExtras(cat: Catalog, titles: TitleInfo[], seed: number, now: number): void {
  const popular = titles.slice().sort((a, b) => b.views - a.views);
  const picks: Picks = { titles, popular, english: popular.filter((t) => t.lang === 'en') };
  addBanners(cat, picks, now);
  addFeaturedLists(cat, picks, makeRng(seed, 'extras'));
  addHomePopups(cat, picks, now);
  addRatingPopups(cat, picks);
  addAnnouncements(cat, now);
  addPublisherNews(cat, picks, now);
  addQuestionnaires(cat);
}

function addFeaturedLists(cat: Catalog, { popular }: Picks, rng: Rng): void {
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
}

/** Home popups, one per language. */
function addHomePopups(cat: Catalog, { popular, english }: Picks, now: number): void {
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
      ...(oneImage ? action('detail', t, now) : { action_method: PresentationMethod.EXTERNAL, action_url: 'https://example.com/app' }),
      series_id: 0,
    });
  });
}

/** Rating popups per rated (teen-plus or mature) series and language. */
function addRatingPopups(cat: Catalog, { titles }: Picks): void {
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
}

/** Service announcements, in every language. */
function addAnnouncements(cat: Catalog, now: number): void {
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
}

/** Each publisher's news in every language, about one of its titles (in that language where it has one). */
function addPublisherNews(cat: Catalog, { popular, english }: Picks, now: number): void {
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
}

/** The questionnaire, per survey language. */
function addQuestionnaires(cat: Catalog): void {
  SURVEY_LANGS.forEach((lang, k) => {
    const s = SURVEY[lang];
    cat.questionnaires.push({
      id: k + 1,
      key: QUESTIONNAIRE_KEY,
      lang: BY_SHORT[lang].service,
      subject: s.subject,
      questions: JSON.stringify(surveyQuestions(s.q)),
      answered_subject: s.answeredSubject,
      answered_body: s.answeredBody,
    });
  });
  cat.notable.questionnaireKey = QUESTIONNAIRE_KEY;
}

/** The four questions as the questionnaire's JSON has them: how many choices each takes, which may be skipped, which take free text. */
function surveyQuestions(q: readonly QuestionCopy[]) {
  return [
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
}
