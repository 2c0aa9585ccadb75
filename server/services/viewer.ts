import { create, toBinary } from '@bufbuild/protobuf';
import {
  LastPageSchema,
  LastPage_ChapterType,
  MangaViewerSchema,
  PageSchema,
  type MangaViewer,
  type Page,
} from '../../core/gen/manga/v1/viewer_pb.js';
import { ChapterSchema, type Chapter } from '../../core/gen/manga/v1/title_pb.js';
import { CommentSchema, type Comment } from '../../core/gen/manga/v1/comment_pb.js';
import { BannerSchema, type Banner } from '../../core/gen/manga/v1/common_pb.js';
import type { Repos } from '../repos/index.js';
import type { ChapterRow } from '../repos/chapters.js';
import type { Snapshot } from '../repos/catalog.js';
import type { VisitorFlags } from '../repos/visitors.js';
import { absoluteUrls, type Quality } from '../images/urls.js';
import { errors } from '../lib/errors.js';
import { languageOrDefault } from '../../core/languages.js';
import { bannerIn, chapterMsg, popupMsg, titleMsg } from './convert.js';
import { assertReadable, isReadable, nextChangeMs } from './readable.js';
import { publisherBanner } from './titleDetail.js';
import { commentMsg, viewerPages } from './viewerPages.js';
import { Parts, entry, fieldNo, pick, successAnswer, trueFlag, withFlag, type Entry } from './wire.js';

/**
 * The chapter viewer's answer (/api/manga_viewer, server/routes/api/manga_viewer/):
 * MangaViewer of proto/manga/v1/viewer.proto. buildViewer reads the rows
 * (server/repos/) and builds what every visitor shares, message and
 * pre-encoded pieces; encodeViewer adds one visitor's flags to those bytes
 * (server/services/wire.ts), viewerMessage does the same on the message for
 * ?format=json. server/services/index.ts caches the shared part.
 */

/** Top comments on the last page. */
const TOP_COMMENTS = 3;

/** Field numbers of the pre-encoded pieces, from the generated descriptors. */
const F = {
  pages: fieldNo(MangaViewerSchema, 'pages'),
  chapters: fieldNo(MangaViewerSchema, 'chapters'),
  lastPage: fieldNo(PageSchema, 'lastPage'),
  currentChapter: fieldNo(LastPageSchema, 'currentChapter'),
  nextChapter: fieldNo(LastPageSchema, 'nextChapter'),
  topComments: fieldNo(LastPageSchema, 'topComments'),
};
const SUBSCRIBED = trueFlag(LastPageSchema, 'isSubscribed');

const chapterEntry = (field: number, m: Chapter) => entry(field, ChapterSchema, m, 'alreadyViewed', m.chapterId);

export interface ViewerShared {
  chapterId: number;
  titleId: number;
  msg: MangaViewer;
  /** When this answer changes by time alone: the next start or end of a chapter of the title (ms; Infinity = never). */
  until: number;
  /** Every field but the chapters and the last page. */
  staticBin: Uint8Array;
  /** Chapters the visitor's viewed flags are asked for: the list, and the next chapter. */
  chapterIds: number[];
  /** The chapters entries. */
  entries: Entry[];
  /** The last page's pieces: current and next chapter, top comments, and the fields that are the same for everyone. */
  lastBin: { current: Entry; next?: Entry; comments: Entry[]; rest: Uint8Array };
  /** The whole answer of a visitor whose only mark is this chapter viewed (a first reading: the view is recorded first). */
  firstReadBin: Buffer;
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
  now: number,
): Promise<ViewerShared> {
  const c = await repos.chapters.byId(chapterId);
  const t = c ? s.titlesById.get(c.title_id) : undefined;
  const series = t ? s.series.get(t.series_id) : undefined;
  if (!c || !t || !series) throw errors.chapterNotFound(chapterId);
  assertReadable(c, chapterId, now);

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
  const access = { now, planType: series.plan_type };
  const chapterOf = (x: ChapterRow) => absoluteUrls(ChapterSchema, chapterMsg(x, { commentCount: counts.get(x.id) ?? 0, access }), base);
  const chapters = released.map(chapterOf);

  const pages = viewerPages(rows, { insert, list, language: t.language, chapterId, q, base, adUnitId });
  const { next, nextTimeStamp, chapterType } = nextChapter(all, c, now);
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
    titleLanguage: languageOrDefault(t.language).service,
    ...(ratingPopup ? { ratingPopup: popupMsg(ratingPopup) } : {}),
    titleAvailableLanguages: (s.titlesBySeries.get(series.id) ?? []).map((x) => ({
      titleId: x.id,
      language: x.language,
      isNew: x.is_new === 1,
    })),
    title: titleMsg(t),
  });
  const last: ViewerShared['last'] = {
    current: chapters.find((x) => x.chapterId === chapterId)!,
    ...(next ? { next: chapterOf(next) } : {}),
    nextTimeStamp,
    chapterType,
    topComments: comments.slice(0, TOP_COMMENTS).map((r) => absoluteUrls(CommentSchema, commentMsg(r), base)),
    banners: lastBanners.map((b) => absoluteUrls(BannerSchema, bannerIn(t.language)(b), base)),
    ...(publisher ? { publisherBanner: absoluteUrls(BannerSchema, publisherBanner(publisher), base) } : {}),
  };
  absoluteUrls(MangaViewerSchema, msg, base);
  const v = encodedPieces({ chapterId, titleId: t.id, msg, chapters, last, until: nextChangeMs(all, now) }, next);
  return { ...v, firstReadBin: assemble(v, { bookmarked: new Set(), viewed: new Set([chapterId]), liked: new Set() }) };
}

/** The next chapter: the first later one still to be read here (released and readable, or announced), and how the last page tells of it. */
function nextChapter(all: ChapterRow[], c: ChapterRow, now: number) {
  const next = all.find((x) => x.seq > c.seq && (x.start_ts > now || isReadable(x, now)));
  let chapterType = LastPage_ChapterType.LATEST;
  let nextTimeStamp = 0;
  if (next && next.start_ts > now) nextTimeStamp = next.start_ts;
  else if (next) {
    const between = all.some((x) => x.seq > c.seq && x.seq < next.seq);
    chapterType = between ? LastPage_ChapterType.NOSEQUENCE : LastPage_ChapterType.SEQUENCE;
  }
  return { next, nextTimeStamp, chapterType };
}

/** The answer's pre-encoded pieces, beside the message they are encoded from (next: the next chapter's row, if any). */
function encodedPieces(
  m: Pick<ViewerShared, 'chapterId' | 'titleId' | 'msg' | 'chapters' | 'last' | 'until'>,
  next: ChapterRow | undefined,
): Omit<ViewerShared, 'firstReadBin'> {
  const { msg, chapters, last } = m;
  return {
    chapterId: m.chapterId,
    titleId: m.titleId,
    msg,
    until: m.until,
    staticBin: toBinary(MangaViewerSchema, create(MangaViewerSchema, { ...msg, chapters: [] })),
    chapterIds: [...chapters.map((x) => x.chapterId), ...(next ? [next.id] : [])],
    entries: chapters.map((ch) => chapterEntry(F.chapters, ch)),
    lastBin: {
      current: chapterEntry(F.currentChapter, last.current),
      ...(last.next ? { next: chapterEntry(F.nextChapter, last.next) } : {}),
      comments: last.topComments.map((x) => entry(F.topComments, CommentSchema, x, 'alreadyLiked', x.id)),
      rest: toBinary(
        LastPageSchema,
        create(LastPageSchema, {
          nextTimeStamp: last.nextTimeStamp,
          chapterType: last.chapterType,
          banners: last.banners,
          ...(last.publisherBanner ? { publisherBanner: last.publisherBanner } : {}),
        }),
      ),
    },
    chapters,
    last,
  };
}

export const topCommentIds = (v: ViewerShared) => v.last.topComments.map((x) => x.id);

function lastPage(v: ViewerShared, f: VisitorFlags): Page {
  const mark = (ch: Chapter) => withFlag(ChapterSchema, ch, 'alreadyViewed', f.viewed.has(ch.chapterId));
  const l = v.last;
  return create(PageSchema, {
    data: {
      case: 'lastPage',
      value: create(LastPageSchema, {
        currentChapter: mark(l.current),
        ...(l.next ? { nextChapter: mark(l.next) } : {}),
        topComments: l.topComments.map((x) => withFlag(CommentSchema, x, 'alreadyLiked', f.liked.has(x.id))),
        isSubscribed: f.bookmarked.has(v.titleId),
        nextTimeStamp: l.nextTimeStamp,
        chapterType: l.chapterType,
        banners: l.banners,
        ...(l.publisherBanner ? { publisherBanner: l.publisherBanner } : {}),
      }),
    },
  });
}

function assemble(v: Omit<ViewerShared, 'firstReadBin'>, f: VisitorFlags): Buffer {
  const view = new Parts().add(v.staticBin);
  for (const e of v.entries) view.add(pick(e, f.viewed));
  const l = v.lastBin;
  const last = new Parts().add(pick(l.current, f.viewed));
  if (l.next) last.add(pick(l.next, f.viewed));
  for (const c of l.comments) last.add(pick(c, f.liked));
  if (f.bookmarked.has(v.titleId)) last.add(SUBSCRIBED);
  last.add(l.rest);
  // The last page goes after the pages of staticBin: Page{ lastPage: ... } as one more pages entry.
  view.field(F.pages, new Parts().field(F.lastPage, last));
  return successAnswer('mangaViewer', view);
}

/**
 * The visitor's answer, as bytes (Response → SuccessResult.mangaViewer): the
 * shared part plus their viewed chapters, liked comments and favorite flag.
 */
export function encodeViewer(v: ViewerShared, f: VisitorFlags): Buffer {
  if (f.liked.size === 0 && f.viewed.size === 1 && f.viewed.has(v.chapterId) && !f.bookmarked.has(v.titleId)) return v.firstReadBin;
  return assemble(v, f);
}

export function viewerMessage(v: ViewerShared, f: VisitorFlags): MangaViewer {
  return create(MangaViewerSchema, {
    ...v.msg,
    pages: [...v.msg.pages, lastPage(v, f)],
    chapters: v.chapters.map((ch) => withFlag(ChapterSchema, ch, 'alreadyViewed', f.viewed.has(ch.chapterId))),
  });
}
