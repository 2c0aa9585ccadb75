import { create, toBinary } from '@bufbuild/protobuf';
import {
  LastPageSchema,
  LastPage_ChapterType,
  MangaViewerSchema,
  PageSchema,
  PageType,
  type MangaViewer,
  type Page,
} from '../../../src/gen/manga/v1/viewer_pb.js';
import { ChapterSchema, type Chapter } from '../../../src/gen/manga/v1/title_pb.js';
import { CommentSchema, type Comment } from '../../../src/gen/manga/v1/comment_pb.js';
import type { Banner } from '../../../src/gen/manga/v1/common_pb.js';
import type { Repos } from '../../repos/index.js';
import type { Snapshot } from '../../repos/catalog.js';
import type { VisitorFlags } from '../../repos/visitors.js';
import { pageSize, pageUrl, type Quality } from '../../images/urls.js';
import { errors } from '../errors.js';
import { serviceCode } from '../languages.js';
import { bannerMsg, chapterMsg, popupMsg, titleMsg } from './convert.js';
import { isReadable, publisherBanner } from './titleDetail.js';
import { BinaryWriter, writeLen } from './wire.js';

/** Top comments on the last page. */
export const TOP_COMMENTS = 3;

export interface ViewerShared {
  chapterId: number;
  titleId: number;
  msg: MangaViewer;
  staticBin: Uint8Array;
  chapterIds: number[];
  enc: Map<number, { plain: Uint8Array; viewed: Uint8Array }>;
  chapters: Chapter[];
  last: {
    current: Chapter;
    next?: Chapter;
    nextTimeStamp: number;
    chapterType: LastPage_ChapterType;
    topComments: Comment[];
    banners: Banner[];
    publisherBanner?: Banner;
  };
}

/**
 * Builds the shared part of a chapter's viewer answer: pages at the asked
 * quality with absolute image URLs, the insert-banner page in the middle,
 * an advertisement page and the banner-list page after the art, then (per
 * visitor, see encodeViewer) the last page.
 */
export async function buildViewer(
  repos: Repos,
  s: Snapshot,
  chapterId: number,
  q: Quality,
  base: string,
  adUnitId: string,
): Promise<ViewerShared> {
  const now = s.at;
  const c = await repos.chapters.byId(chapterId);
  const t = c ? s.titlesById.get(c.title_id) : undefined;
  const series = t ? s.series.get(t.series_id) : undefined;
  if (!c || !t || !series) throw errors.chapterNotFound(chapterId);
  if (!isReadable(c, now)) throw errors.chapterNotReadable(chapterId, c.start_ts > now ? 'not released yet' : 'no longer readable');

  const [rows, all, comments, insert, list, lastBanners, ratingPopup, publisher] = await Promise.all([
    repos.chapters.pages(chapterId),
    repos.chapters.ofTitle(t.id),
    repos.comments.list(chapterId, 1000),
    repos.promo.banners('viewer_insert', t.language, t.id),
    repos.promo.banners('viewer_list', t.language, t.id),
    repos.promo.banners('last_page', t.language, t.id),
    repos.promo.popup('rating', t.language, series.id),
    repos.promo.publisher(series.publisher_id),
  ]);
  const released = all.filter((x) => x.start_ts <= now);
  const counts = await repos.chapters.commentCounts(released.map((x) => x.id));
  const chapters = released.map((x) => chapterMsg(x, { commentCount: counts.get(x.id) ?? 0 }));

  const pages: Page[] = rows.map((p) =>
    create(PageSchema, {
      data: {
        case: 'mangaPage',
        value: {
          imageUrl: pageUrl(base, chapterId, p.idx, q),
          ...pageSize(p.width, p.height, q),
          type: p.type as PageType,
          encryptionKey: p.encryption_key,
        },
      },
    }),
  );
  if (insert.length && pages.length >= 4) {
    const at = Math.floor(pages.length / 2);
    pages.splice(at, 0, create(PageSchema, { data: { case: 'insertBannerList', value: { banners: insert.map(bannerMsg) } } }));
  }
  pages.push(
    create(PageSchema, {
      data: { case: 'advertisement', value: { adNetworks: [{ network: { case: 'adsense', value: { unitId: adUnitId, location: 'viewer' } } }] } },
    }),
  );
  if (list.length) pages.push(create(PageSchema, { data: { case: 'bannerList', value: { bannerTitle: 'Recommended', banners: list.map(bannerMsg) } } }));

  // Next chapter: the first later one still to be read here (released and readable, or announced).
  const next = all.find((x) => x.seq > c.seq && (x.start_ts > now || isReadable(x, now)));
  let chapterType = LastPage_ChapterType.LATEST;
  let nextTimeStamp = 0;
  if (next && next.start_ts > now) nextTimeStamp = next.start_ts;
  else if (next) {
    const between = all.some((x) => x.seq > c.seq && x.seq < next.seq);
    chapterType = between ? LastPage_ChapterType.NOSEQUENCE : LastPage_ChapterType.SEQUENCE;
  }
  const current = chapters.find((x) => x.chapterId === chapterId)!;

  const msg = create(MangaViewerSchema, {
    pages,
    chapterId,
    chapters,
    sns: { body: `${t.name} ${c.name}`, url: `${base}/viewer/${chapterId}` },
    titleName: t.name,
    chapterName: c.name,
    numberOfComments: comments.length,
    isVerticalOnly: c.is_vertical_only === 1,
    titleId: t.id,
    startFromRight: series.start_from_right === 1,
    regionCode: series.region_code,
    isHorizontalOnly: c.is_horizontal_only === 1,
    planType: series.plan_type,
    titleLanguage: serviceCode(t.language),
    ...(ratingPopup ? { ratingPopup: popupMsg(ratingPopup) } : {}),
    titleAvailableLanguages: (s.titlesBySeries.get(series.id) ?? []).map((x) => ({ titleId: x.id, language: x.language, isNew: x.is_new === 1 })),
    title: titleMsg(t),
  });
  const enc = new Map<number, { plain: Uint8Array; viewed: Uint8Array }>();
  for (const m of chapters) {
    enc.set(m.chapterId, {
      plain: toBinary(ChapterSchema, m),
      viewed: toBinary(ChapterSchema, create(ChapterSchema, { ...m, alreadyViewed: true })),
    });
  }
  return {
    chapterId,
    titleId: t.id,
    msg,
    staticBin: toBinary(MangaViewerSchema, create(MangaViewerSchema, { ...msg, chapters: [] })),
    chapterIds: [...chapters.map((x) => x.chapterId), ...(next ? [next.id] : [])],
    enc,
    chapters,
    last: {
      current,
      ...(next ? { next: chapterMsg(next, { commentCount: counts.get(next.id) ?? 0 }) } : {}),
      nextTimeStamp,
      chapterType,
      topComments: comments.slice(0, TOP_COMMENTS).map((r) =>
        create(CommentSchema, {
          id: r.id,
          index: r.idx,
          userName: r.user_name,
          iconUrl: r.icon_url,
          numberOfLikes: r.likes,
          body: r.body,
          created: r.created,
        }),
      ),
      banners: lastBanners.map(bannerMsg),
      ...(publisher ? { publisherBanner: publisherBanner(publisher) } : {}),
    },
  };
}

export const topCommentIds = (v: ViewerShared) => v.last.topComments.map((x) => x.id);

function lastPage(v: ViewerShared, f: VisitorFlags): Page {
  const mark = (ch: Chapter) => (f.viewed.has(ch.chapterId) ? create(ChapterSchema, { ...ch, alreadyViewed: true }) : ch);
  const l = v.last;
  return create(PageSchema, {
    data: {
      case: 'lastPage',
      value: create(LastPageSchema, {
        currentChapter: mark(l.current),
        ...(l.next ? { nextChapter: mark(l.next) } : {}),
        topComments: l.topComments.map((x) => (f.liked.has(x.id) ? create(CommentSchema, { ...x, alreadyLiked: true }) : x)),
        isSubscribed: f.bookmarked.has(v.titleId),
        nextTimeStamp: l.nextTimeStamp,
        chapterType: l.chapterType,
        banners: l.banners,
        ...(l.publisherBanner ? { publisherBanner: l.publisherBanner } : {}),
      }),
    },
  });
}

export function encodeViewer(v: ViewerShared, f: VisitorFlags): Uint8Array {
  const w = new BinaryWriter();
  w.raw(v.staticBin);
  for (const id of v.chapterIds) {
    const e = v.enc.get(id);
    if (e) writeLen(w, 3, f.viewed.has(id) ? e.viewed : e.plain);
  }
  writeLen(w, 1, toBinary(PageSchema, lastPage(v, f)));
  return w.finish();
}

export function viewerMessage(v: ViewerShared, f: VisitorFlags): MangaViewer {
  return create(MangaViewerSchema, {
    ...v.msg,
    pages: [...v.msg.pages, lastPage(v, f)],
    chapters: v.chapters.map((ch) => (f.viewed.has(ch.chapterId) ? create(ChapterSchema, { ...ch, alreadyViewed: true }) : ch)),
  });
}
