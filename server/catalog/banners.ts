import { PresentationMethod } from '../../core/gen/manga/v1/common_pb.js';
import type { Catalog, TitleInfo } from '../content/model.js';
import { PUBLISHERS } from '../content/model.js';
import { BY_SHORT } from '../../core/languages.js';
import { appLink, bannerUrl, BANNER_SIZES } from '../images/assets.js';

/** The demo catalog's banners and where banners and popups lead (server/catalog/extras.ts). */

type ActionKind = 'detail' | 'viewer' | 'webview' | 'plain';
const ACTION_CYCLE: ActionKind[] = ['detail', 'viewer', 'detail', 'webview', 'plain'];

/** The titles the extras point at: all of them, by views, and the English ones by views. */
export interface Picks {
  titles: TitleInfo[];
  popular: TitleInfo[];
  english: TitleInfo[];
}

/** Banners on the placements, for the most popular titles, and for each publisher. */
export function addBanners(cat: Catalog, picks: Picks, now: number): void {
  addPlacementBanners(cat, picks, now);
  addTitleBanners(cat, picks, now);
  addPublisherBanners(cat, picks, now);
}

/** Where a banner or popup leads: a title's detail, its first readable chapter, a web page in the app, or outside. */
export function action(kind: ActionKind, t: TitleInfo, now: number): { action_method: number; action_url: string } {
  const first = t.chapters.find((c) => c.start <= now) ?? t.chapters[0];
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
}

/** Banners are numbered 1, 2, … in the order they are added. */
const nextBannerId = (cat: Catalog) => cat.banners.length + 1;

/** How many banners each placement shows. */
const PLACEMENT_COUNTS: Record<string, number> = {
  home_top: 6,
  featured_top: 3,
  featured: 3,
  ranking: 3,
  search_top: 2,
  viewer_insert: 3,
  viewer_list: 4,
  last_page: 2,
};

function addPlacementBanners(cat: Catalog, { titles, english }: Picks, now: number): void {
  for (const [placement, n] of Object.entries(PLACEMENT_COUNTS)) {
    for (let k = 0; k < n; k++) {
      const t = english[(k * 3 + placement.length) % english.length];
      // A few language-specific home banners; the rest are for every language.
      const localized = placement === 'home_top' && k >= 4 ? titles.find((x) => x.seriesId === t.seriesId && x.lang !== 'en') : undefined;
      const target = localized ?? t;
      const size = BANNER_SIZES[placement];
      const id = nextBannerId(cat);
      cat.banners.push({
        id,
        placement,
        title_id: 0,
        publisher_id: 0,
        language: localized ? BY_SHORT[localized.lang].language : -1,
        image_url: bannerUrl(id),
        width: size.width,
        height: size.height,
        ...action(ACTION_CYCLE[(k + id) % ACTION_CYCLE.length], target, now),
        is_pr: placement === 'viewer_list' && k % 2 === 1 ? 1 : 0,
        sort: k,
      });
    }
  }
}

/** Title banners: for the most popular titles in every language. */
function addTitleBanners(cat: Catalog, { popular }: Picks, now: number): void {
  for (const t of popular.slice(0, 40)) {
    const id = nextBannerId(cat);
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
      ...action(id % 2 ? 'viewer' : 'webview', t, now),
      is_pr: 0,
      sort: 0,
    });
  }
}

/** A banner per publisher, leading to one of its English titles. */
function addPublisherBanners(cat: Catalog, { english }: Picks, now: number): void {
  PUBLISHERS.forEach((_, k) => {
    const t = english.find((x) => cat.series[x.seriesId - 1].publisher_id === k + 1) ?? english[0];
    const id = nextBannerId(cat);
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
      ...action(k % 2 ? 'plain' : 'webview', t, now),
      is_pr: 1,
      sort: 0,
    });
  });
}
