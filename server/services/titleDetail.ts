import { create, toBinary } from '@bufbuild/protobuf';
import {
  ChapterSchema,
  ChapterGroupSchema,
  TitleDetailViewSchema,
  type Chapter,
  type TitleDetailView,
} from '../../core/gen/manga/v1/title_pb.js';
import { BannerSchema, PresentationMethod, type Banner } from '../../core/gen/manga/v1/common_pb.js';
import type { Repos } from '../repos/index.js';
import type { Snapshot, TitleRow } from '../repos/catalog.js';
import type { ChapterRow } from '../repos/chapters.js';
import type { NewsRow, PublisherRow } from '../repos/promo.js';
import { errors } from '../lib/errors.js';
import { sanitizeHtml } from '../lib/html.js';
import { bannerMsg, chapterMsg, labelMsg, popupMsg, titleMsg } from './convert.js';
import { absoluteUrls } from '../images/urls.js';
import type { VisitorFlags } from '../repos/visitors.js';
import { chapterGroups, nextChangeMs, splitChapters, type ChapterGroup, type ChapterSplit } from './readable.js';
import { Parts, entry, fieldNo, pick, successAnswer, trueFlag, withFlag, type Entry } from './wire.js';

export function publisherBanner(p: PublisherRow): Banner {
  return create(BannerSchema, {
    imageUrl: p.banner_image_url,
    width: p.banner_width,
    height: p.banner_height,
    id: p.id,
    action: { method: PresentationMethod.PUSH, url: `/publisher_news/${p.id}` },
  });
}

/** Field numbers of the pre-encoded pieces, from the generated descriptors. */
const F = {
  firstChapterList: fieldNo(TitleDetailViewSchema, 'firstChapterList'),
  lastChapterList: fieldNo(TitleDetailViewSchema, 'lastChapterList'),
  chapterListGroup: fieldNo(TitleDetailViewSchema, 'chapterListGroup'),
  chapterListV2: fieldNo(TitleDetailViewSchema, 'chapterListV2'),
  groupFirst: fieldNo(ChapterGroupSchema, 'firstChapterList'),
  groupMid: fieldNo(ChapterGroupSchema, 'midChapterList'),
  groupLast: fieldNo(ChapterGroupSchema, 'lastChapterList'),
};
const SUBSCRIBED = trueFlag(TitleDetailViewSchema, 'isSubscribed');

/** The shared (not per-visitor) part of a title detail, with its pieces pre-encoded. */
export interface TitleDetailShared {
  titleId: number;
  msg: TitleDetailView;
  /** When this answer changes by time alone: the next start or end of one of its chapters (ms; Infinity = never). */
  until: number;
  chapterIds: number[];
  /** Every field but the per-visitor ones and the chapter lists. */
  staticBin: Uint8Array;
  /** firstChapterList then lastChapterList entries. */
  top: Entry[];
  /** chapterListGroup entries: head, then first/mid/last entries. */
  groups: { head: Uint8Array; items: Entry[] }[];
  /** chapterListV2 entries. */
  all: Entry[];
  /** The whole answer of a visitor with no favorite here and none of these chapters viewed. */
  plainBin: Buffer;
}

/** Builds the shared part of a title detail as of now (seconds), its URLs absolute from base. */
export async function buildTitleDetail(repos: Repos, s: Snapshot, titleId: number, base: string, now: number): Promise<TitleDetailShared> {
  const t = s.titlesById.get(titleId);
  const series = t ? s.series.get(t.series_id) : undefined;
  if (!t || !series) throw errors.titleNotFound(titleId);
  const [chapters, titleBanners, ratingPopup, publisher, news] = await Promise.all([
    repos.chapters.ofTitle(titleId),
    repos.promo.banners('title', t.language, t.id),
    repos.promo.popup('rating', t.language, series.id),
    repos.promo.publisher(series.publisher_id),
    repos.promo.news(series.publisher_id, t.language, 3),
  ]);
  const released = chapters.filter((c) => c.start_ts <= now);
  const future = chapters.find((c) => c.start_ts > now);
  const counts = await repos.chapters.commentCounts(released.map((c) => c.id));
  const access = { now, planType: series.plan_type };
  const msgs = new Map<number, Chapter>(
    released.map((c) => [c.id, absoluteUrls(ChapterSchema, chapterMsg(c, { commentCount: counts.get(c.id) ?? 0, access }), base)]),
  );
  const split = splitChapters(released, now);
  const groups = chapterGroups(released, split);
  const langs = s.titlesBySeries.get(series.id) ?? [];
  const pubBanner = publisher ? publisherBanner(publisher) : undefined;
  const chapterViews = released.reduce((n, c) => n + c.view_count, 0);

  const msg = create(TitleDetailViewSchema, {
    title: titleMsg(t),
    titleImageUrl: t.title_image_url,
    overview: t.overview,
    backgroundImageUrl: t.background_image_url,
    // A title published as coming soon, before its first chapter: the date and the schedule its editor gave.
    nextTimeStamp: future?.start_ts ?? (released.length === 0 ? t.soon_at : 0),
    updateTiming: series.update_timing,
    viewingPeriodDescription: t.viewing_period_description,
    nonAppearanceInfo: (released.length === 0 && t.soon_text) || t.non_appearance_info,
    firstChapterList: split.first.map((c) => msgs.get(c.id)!),
    lastChapterList: split.last.map((c) => msgs.get(c.id)!),
    recommendedTitleList: recommendedTitles(s, t),
    sns: { body: `${t.name} - ${t.author}`, url: `${base}/titles/${t.id}` },
    isSimulReleased: series.is_simulpub === 1,
    rating: series.rating,
    numberOfViews: Math.min(0xffffffff, Math.max(t.view_count, chapterViews)),
    publisherItems: [...(pubBanner ? [{ banner: pubBanner }] : []), ...news.map((n) => publisherNewsItem(n, publisher))],
    titleBanners: titleBanners.map(bannerMsg),
    hasChaptersBetween: split.mid.length > 0,
    ...(pubBanner ? { publisherBanner: pubBanner } : {}),
    titleLanguages: langs.map((x) => ({ titleId: x.id, language: x.language, isNew: x.is_new === 1 })),
    chapterListGroup: groups.map((g) => ({
      chapterNumbers: g.numbers,
      firstChapterList: g.first.map((id) => msgs.get(id)!),
      midChapterList: g.mid.map((id) => msgs.get(id)!),
      lastChapterList: g.last.map((id) => msgs.get(id)!),
    })),
    regionCode: series.region_code,
    tags: s.tagsBySeries.get(series.id) ?? [],
    titleLabels: { releaseSchedule: series.release_schedule, isSimulpub: series.is_simulpub === 1, planType: series.plan_type },
    label: labelMsg(series.label),
    metaInfo: { metaTitle: `${t.name} | ${t.author}`, metaDescription: [...t.overview].slice(0, 160).join('') },
    ...(ratingPopup ? { ratingPopup: popupMsg(ratingPopup) } : {}),
    chapterListV2: released.map((c) => msgs.get(c.id)!),
  });
  absoluteUrls(TitleDetailViewSchema, msg, base);
  const d = encodedPieces({ titleId, msg, until: nextChangeMs(chapters, now), released, msgs, split, groups });
  return { ...d, plainBin: assemble(d, false, new Set()) };
}

/** Up to six titles in the same language from other series, those sharing the most genre tags first, then the most viewed. */
function recommendedTitles(s: Snapshot, t: TitleRow) {
  const myTags = new Set((s.tagsBySeries.get(t.series_id) ?? []).map((x) => x.slug));
  return s.titles
    .filter((x) => x.language === t.language && x.series_id !== t.series_id)
    .map((x) => ({ x, shared: (s.tagsBySeries.get(x.series_id) ?? []).filter((g) => myTags.has(g.slug)).length }))
    .filter((r) => r.shared > 0)
    .sort((a, b) => b.shared - a.shared || b.x.view_count - a.x.view_count || a.x.id - b.x.id)
    .slice(0, 6)
    .map((r) => titleMsg(r.x));
}

const publisherNewsItem = (n: NewsRow, publisher: PublisherRow | undefined) => ({
  publisherNews: {
    id: n.id,
    publisherId: n.publisher_id,
    publisherName: publisher?.name ?? '',
    subject: n.subject,
    body: sanitizeHtml(n.body),
    publishedTimeStamp: n.published_ts,
    action: { method: PresentationMethod.PUSH, url: n.action_url || `/publisher_news/${n.publisher_id}` },
  },
});

/** What encodedPieces encodes: the message, its released chapters' messages by id, and how they are parted. */
interface DetailParts {
  titleId: number;
  msg: TitleDetailView;
  until: number;
  released: ChapterRow[];
  msgs: Map<number, Chapter>;
  split: ChapterSplit;
  groups: ChapterGroup[];
}

/** The answer's pre-encoded pieces: everything but the chapter lists, and each chapter entry where it goes. */
function encodedPieces({ titleId, msg, until, released, msgs, split, groups }: DetailParts): Omit<TitleDetailShared, 'plainBin'> {
  const bare = create(TitleDetailViewSchema, {
    ...msg,
    firstChapterList: [],
    lastChapterList: [],
    chapterListGroup: [],
    chapterListV2: [],
  });
  const chapter = (field: number, id: number) => entry(field, ChapterSchema, msgs.get(id)!, 'alreadyViewed', id);
  return {
    titleId,
    msg,
    until,
    chapterIds: released.map((c) => c.id),
    staticBin: toBinary(TitleDetailViewSchema, bare),
    top: [...split.first.map((c) => chapter(F.firstChapterList, c.id)), ...split.last.map((c) => chapter(F.lastChapterList, c.id))],
    groups: groups.map((g) => ({
      head: toBinary(ChapterGroupSchema, create(ChapterGroupSchema, { chapterNumbers: g.numbers })),
      items: [
        ...g.first.map((id) => chapter(F.groupFirst, id)),
        ...g.mid.map((id) => chapter(F.groupMid, id)),
        ...g.last.map((id) => chapter(F.groupLast, id)),
      ],
    })),
    all: released.map((c) => chapter(F.chapterListV2, c.id)),
  };
}

function assemble(d: Omit<TitleDetailShared, 'plainBin'>, subscribed: boolean, viewed: ReadonlySet<number>): Buffer {
  const view = new Parts().add(d.staticBin);
  if (subscribed) view.add(SUBSCRIBED);
  for (const e of d.top) view.add(pick(e, viewed));
  for (const g of d.groups) {
    const group = new Parts().add(g.head);
    for (const e of g.items) group.add(pick(e, viewed));
    view.field(F.chapterListGroup, group);
  }
  for (const e of d.all) view.add(pick(e, viewed));
  return successAnswer('titleDetailView', view);
}

/**
 * The visitor's answer, as bytes (Response → SuccessResult.titleDetailView):
 * the shared part plus their favorite flag and viewed chapters.
 */
export function encodeTitleDetail(d: TitleDetailShared, f: VisitorFlags): Buffer {
  const subscribed = f.bookmarked.has(d.titleId);
  if (!subscribed && f.viewed.size === 0) return d.plainBin;
  return assemble(d, subscribed, f.viewed);
}

/** The same view as a message (for the JSON variant). */
export function titleDetailMessage(d: TitleDetailShared, f: VisitorFlags): TitleDetailView {
  const mark = (c: Chapter) => withFlag(ChapterSchema, c, 'alreadyViewed', f.viewed.has(c.chapterId));
  return create(TitleDetailViewSchema, {
    ...d.msg,
    isSubscribed: f.bookmarked.has(d.titleId),
    firstChapterList: d.msg.firstChapterList.map(mark),
    lastChapterList: d.msg.lastChapterList.map(mark),
    chapterListGroup: d.msg.chapterListGroup.map((g) =>
      create(ChapterGroupSchema, {
        ...g,
        firstChapterList: g.firstChapterList.map(mark),
        midChapterList: g.midChapterList.map(mark),
        lastChapterList: g.lastChapterList.map(mark),
      }),
    ),
    chapterListV2: d.msg.chapterListV2.map(mark),
  });
}
