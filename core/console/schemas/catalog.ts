import { Type, type Static } from '@sinclair/typebox';
import { Id, Seconds } from './common.js';

/**
 * Series, titles, their images, chapters (uploads, page board),
 * releases and staff previews. Enum fields carry the wire enums' numbers
 * (proto/manga/v1/common.proto); languages their short codes (core/languages.ts);
 * times integer seconds UTC. Every write carries the `version` it was based on:
 * a stale one answers 409 `conflict` with `current` (the record as it is now).
 */
const Text = (max: number) => Type.String({ maxLength: max });
const Version = Type.Integer({ minimum: 0 });
const Lang = Type.String({ minLength: 2, maxLength: 8 });
export const VersionQuery = Type.Object({ version: Version });

/** What a reader may be offered: both directions, vertical scrolling only, or paged only. */
const ViewerMode = Type.Union([Type.Literal('any'), Type.Literal('vertical'), Type.Literal('horizontal')]);
const Slug = Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });
const SeriesFields = {
  slug: Slug,
  /** The one publisher whose banner and news the series' title pages show (GET /publishers). */
  publisherId: Id,
  /** LabelCode (publisher label). */
  label: Type.Integer({ minimum: 0, maximum: 99 }),
  status: Type.Union([Type.Literal('ongoing'), Type.Literal('completed'), Type.Literal('one_shot')]),
  /** ReleaseSchedule. */
  releaseSchedule: Type.Integer({ minimum: 0, maximum: 99 }),
  /** UpdateTiming. */
  updateTiming: Type.Integer({ minimum: 0, maximum: 8 }),
  /** Rating. */
  rating: Type.Integer({ minimum: 0, maximum: 3 }),
  simulrelease: Type.Boolean(),
  rightToLeft: Type.Boolean(),
  viewerMode: ViewerMode,
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 30, uniqueItems: true }),
};
export const SeriesPatch = Type.Object({ ...Type.Partial(Type.Object(SeriesFields)).properties, version: Version });
export type SeriesPatch = Static<typeof SeriesPatch>;

export const TitleImageKind = Type.Union([
  Type.Literal('portrait'),
  Type.Literal('landscape'),
  Type.Literal('background'),
  Type.Literal('favorite'),
]);
export type TitleImageKind = Static<typeof TitleImageKind>;
/** POST /catalog/titles/:id/images/:kind: the title and which of its images. */
export const TitleImageParams = Type.Object({ id: Id, kind: TitleImageKind });

const TitleTexts = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  author: Text(200),
  overview: Text(5000),
  viewingPeriod: Text(500),
  nonAppearance: Text(500),
  isNew: Type.Boolean(),
};
export const TitleCreate = Type.Object({ language: Lang, ...TitleTexts });
export type TitleCreate = Static<typeof TitleCreate>;
/**
 * A new series, with its first title when made from the one "new title" form
 * (the slug then made from the title's name when not given). Both are drafts
 * until a chapter is released or an editor publishes them as coming soon.
 */
export const SeriesCreate = Type.Object({ ...SeriesFields, slug: Type.Optional(Slug), title: Type.Optional(TitleCreate) });
export type SeriesCreate = Static<typeof SeriesCreate>;
/** POST /series/:id/publish: its draft titles shown to readers as coming soon, with this date and schedule text. */
export const SeriesPublish = Type.Object({ soonAt: Seconds, soonText: Type.String({ minLength: 1, maxLength: 500 }), version: Version });
export type SeriesPublish = Static<typeof SeriesPublish>;
/** What readers see of a title: nothing (a draft), its coming-soon page, or it with its released chapters. */
export const ReaderState = Type.Union([Type.Literal('draft'), Type.Literal('soon'), Type.Literal('live')]);
export type ReaderState = Static<typeof ReaderState>;
/** Extends issue 30's PATCH /catalog/titles/:id body (localizer: texts of their languages only). */
export const TitleFullPatch = Type.Object({ ...Type.Partial(Type.Object(TitleTexts)).properties, version: Version });
export type TitleFullPatch = Static<typeof TitleFullPatch>;
export const TitleFull = Type.Object({
  id: Id,
  seriesId: Type.Integer(),
  language: Type.String(),
  ...TitleTexts,
  images: Type.Object({ portrait: Type.String(), landscape: Type.String(), background: Type.String(), favorite: Type.String() }),
  version: Type.Integer(),
  readers: ReaderState,
  /** The coming-soon date and schedule text (0 and '' until published so). */
  soonAt: Seconds,
  soonText: Type.String(),
});
export type TitleFull = Static<typeof TitleFull>;

export const Series = Type.Object({
  id: Id,
  ...SeriesFields,
  createdAt: Seconds,
  version: Type.Integer(),
  titles: Type.Array(TitleFull),
});
export type Series = Static<typeof Series>;
export const SeriesQuery = Type.Object({ q: Type.Optional(Text(100)) });
export const SeriesList = Type.Object({
  series: Type.Array(
    Type.Object({
      id: Id,
      slug: Type.String(),
      names: Type.Record(Type.String(), Type.String()),
      version: Type.Integer(),
      publisherId: Type.Integer(),
    }),
  ),
});

/** A chapter's editorial state (machines/console: draft → scheduled → live → down → live). */
export const ChapterState = Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('live'), Type.Literal('down')]);
export type ChapterState = Static<typeof ChapterState>;
/** SINGLE 0, LEFT 1, RIGHT 2, DOUBLE 3 (PageType). */
const PageTypeNo = Type.Integer({ minimum: 0, maximum: 3 });
export const BoardPage = Type.Object({
  /** Stable across reorders (a page's identity on the board). */
  id: Id,
  type: PageTypeNo,
  /** Wider than tall: DOUBLE is suggested. */
  suggestDouble: Type.Boolean(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** The original file name. */
  name: Type.String(),
  /** A small plain WebP for the board (staff only, GET through the console scope). */
  thumbUrl: Type.String(),
});
export type BoardPage = Static<typeof BoardPage>;
export const Job = Type.Object({
  state: Type.Union([Type.Literal('idle'), Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  done: Type.Integer(),
  total: Type.Integer(),
  /** The problem code and message of a failed job (the same codes as the bad-input answers). */
  error: Type.Optional(Type.Object({ code: Type.String(), detail: Type.String() })),
});
export type Job = Static<typeof Job>;
export const Chapter = Type.Object({
  id: Id,
  titleId: Type.Integer(),
  name: Type.String(),
  subTitle: Type.String(),
  /** The board page used as the chapter's thumbnail (0: the first). */
  thumbnailPage: Type.Integer(),
  state: ChapterState,
  /** Release time and end of free reading (0: none), UTC seconds; 0 while a draft. */
  startAt: Seconds,
  endAt: Seconds,
  rightToLeft: Type.Boolean(),
  pages: Type.Array(BoardPage),
  job: Job,
  version: Type.Integer(),
});
export type Chapter = Static<typeof Chapter>;
export const ChapterQuery = Type.Object({ titleId: Id });
export const ChapterList = Type.Object({
  chapters: Type.Array(
    Type.Object({ id: Id, name: Type.String(), state: ChapterState, startAt: Seconds, pageCount: Type.Integer(), version: Type.Integer() }),
  ),
});
/** GET /chapters/:id/pages/:page/thumb.webp: a page of the board by its id. */
export const PageThumbParams = Type.Object({ id: Id, page: Id });
export const ChapterCreate = Type.Object({ titleId: Id, name: Type.String({ minLength: 1, maxLength: 100 }), subTitle: Text(200) });
export type ChapterCreate = Static<typeof ChapterCreate>;
export const ChapterPatch = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  subTitle: Type.Optional(Text(200)),
  thumbnailPage: Type.Optional(Type.Integer({ minimum: 0 })),
  version: Version,
});
export type ChapterPatch = Static<typeof ChapterPatch>;
/** The page board at once: `order` lists every page id kept, in reading order (left out: removed). */
export const BoardPatch = Type.Object({
  order: Type.Array(Id, { maxItems: 400, uniqueItems: true }),
  types: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]+$' }), PageTypeNo)),
  version: Version,
});
export type BoardPatch = Static<typeof BoardPatch>;
/**
 * Turns finished tus uploads (their ids from the Location header's last
 * segment) into pages, as a job: appended, inserted before page `before`, or
 * replacing page `replace` (one image). Answers 202 with the chapter.
 */
export const ProcessRequest = Type.Object({
  uploads: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 400 }),
  before: Type.Optional(Id),
  replace: Type.Optional(Id),
  version: Version,
});
export type ProcessRequest = Static<typeof ProcessRequest>;

/** A tus upload by its id (the last segment of its Location). */
export const UploadParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }) });

export const Schedule = Type.Object({ startAt: Seconds, endAt: Seconds, version: Version });
export type Schedule = Static<typeof Schedule>;

export const PreviewLink = Type.Object({ token: Type.String(), url: Type.String(), expiresAt: Seconds });
export const PreviewParams = Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) });
/** GET /preview/:token/page/:idx/:file: one page's image of a preview. */
export const PreviewPageParams = Type.Object({
  token: PreviewParams.properties.token,
  idx: Type.Integer({ minimum: 0, maximum: 1000 }),
  file: Type.String({ maxLength: 20 }),
});
export const Preview = Type.Object({
  chapter: Type.Object({ id: Id, titleId: Type.Integer(), name: Type.String(), subTitle: Type.String(), rightToLeft: Type.Boolean() }),
  viewerMode: ViewerMode,
  expiresAt: Seconds,
  pages: Type.Array(
    Type.Object({
      /** Per quality (the reader's: low, high, super_high): XOR-encrypted like the reader's pages. */
      urls: Type.Object({ low: Type.String(), high: Type.String(), super_high: Type.String() }),
      width: Type.Integer(),
      height: Type.Integer(),
      type: PageTypeNo,
      encryptionKey: Type.String(),
    }),
  ),
});

/** Upload caps, shared so the console can refuse early (the server refuses too). */
export const UPLOAD_LIMITS = {
  /** One tus upload (an image or an archive), bytes. */
  maxUploadBytes: 512 * 1024 * 1024,
  /** An archive's pages unpacked, bytes. */
  maxUnpackedBytes: 1024 * 1024 * 1024,
  maxPages: 400,
  /** One page's file (an upload, or an archive entry counted as it inflates), bytes: what a page in flight holds at most. */
  maxPageBytes: 64 * 1024 * 1024,
  /** Pixels of one page (a 30,000 px webtoon strip at 1,600 px wide fits). */
  maxPixels: 60_000_000,
  /** Pixels of a title image. */
  maxImagePixels: 40_000_000,
  /** A title image's body, bytes. */
  maxImageBytes: 20 * 1024 * 1024,
} as const;
