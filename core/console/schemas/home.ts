import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SHORT_CODES } from '../../languages.js';
import { Id, Seconds } from './common.js';

/**
 * What a reader meets besides chapters (banners, featured lists and
 * the featured page, popups, announcements, news, the home preview; surveys in surveys.ts)
 * and the readers' voice (comments, feedback, survey answers). Times are
 * integer seconds UTC; languages are the reader's short codes (core/languages.ts).
 * Every write carries the `version` it was based on (409 `conflict` when stale).
 */
export const Lang = Type.Union(SHORT_CODES.map((c) => Type.Literal(c)));
export type Lang = Static<typeof Lang>;
/** Target languages: empty = every language. */
const TargetLanguages = Type.Array(Lang, { uniqueItems: true, maxItems: SHORT_CODES.length });
/** A value per language (a name, an image URL); missing languages fall back to the default one. */
export const PerLang = <T extends TSchema>(t: T) => Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), t);
export const Version = Type.Integer({ minimum: 0 });
export const Text = (max: number) => Type.String({ maxLength: max });
/** An end of a period; null = open-ended. */
export const Until = Type.Union([Seconds, Type.Null()]);

/** draft: never shown to readers (preview only); published: shown within its period. */
const Status = Type.Union([Type.Literal('draft'), Type.Literal('published')]);
/** Derived from status and period at the server's clock: draft, scheduled (not yet started), live, ended. */
export const Phase = Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('live'), Type.Literal('ended')]);
export type Phase = Static<typeof Phase>;

/**
 * What a tap does. url is one of: '' (nothing), the reader's app links
 * `mangaplus://open/detail?id=<titleId>`, `mangaplus://open/viewer?id=<chapterId>`,
 * `mangaplus://open/webview?url=<encoded https URL>`, or an `https://` address.
 * Any other scheme is refused (400 validation, path /action/url); a title or
 * chapter not yet released is refused too. method: push (in the app), modal, external (browser).
 */
export const Action = Type.Object({
  method: Type.Union([Type.Literal('push'), Type.Literal('modal'), Type.Literal('external')]),
  url: Text(2000),
});
export type Action = Static<typeof Action>;

export const PLACEMENTS = [
  'home_top',
  'featured_top',
  'featured',
  'ranking',
  'search_top',
  'title',
  'publisher',
  'viewer_insert',
  'viewer_list',
  'last_page',
] as const;
export const Placement = Type.Union(PLACEMENTS.map((p) => Type.Literal(p)));
export type Placement = Static<typeof Placement>;

// ---- Banners ---------------------------------------------------------------------------------

const BannerFields = {
  placement: Placement,
  /** The title page it shows on (placement title), else 0 (every title). */
  titleId: Type.Integer({ minimum: 0 }),
  /** The publisher page it shows on (placement publisher), else 0. */
  publisherId: Type.Integer({ minimum: 0 }),
  languages: TargetLanguages,
  action: Action,
  /** Marked as an advertisement (viewer banner-list). */
  isPr: Type.Boolean(),
  startAt: Seconds,
  endAt: Until,
  status: Status,
};
export const Banner = Type.Object({
  id: Id,
  ...BannerFields,
  /** The default image (the demo's drawn art, or the last upload without a language). */
  image: Type.String(),
  /** Uploaded images per language (URL under /img/art/...). */
  images: PerLang(Type.String()),
  width: Type.Integer(),
  height: Type.Integer(),
  sort: Type.Integer(),
  phase: Phase,
  version: Version,
});
export type Banner = Static<typeof Banner>;
export const Banners = Type.Object({ banners: Type.Array(Banner) });
export const BannerQuery = Type.Object({ placement: Type.Optional(Placement), language: Type.Optional(Lang) });
export type BannerQuery = Static<typeof BannerQuery>;
/** A new banner goes last in its placement; its image is uploaded afterwards (until then the drawn default). */
export const NewBanner = Type.Object(BannerFields);
export type NewBanner = Static<typeof NewBanner>;
export const BannerPatch = Type.Object({ ...Type.Partial(Type.Object(BannerFields)).properties, version: Version });
export type BannerPatch = Static<typeof BannerPatch>;
/** Every banner of the placement, in the new order (ids not of that placement: 400). */
export const BannerOrder = Type.Object({ placement: Placement, ids: Type.Array(Id, { uniqueItems: true, maxItems: 500 }) });
export type BannerOrder = Static<typeof BannerOrder>;
/** PUT /banners/:id/image?language= with the raw image as the body (image/png|jpeg|webp|gif, ≤ 8 MiB). */
export const ImageQuery = Type.Object({ language: Type.Optional(Lang) });
export type ImageQuery = Static<typeof ImageQuery>;
export const VersionQuery = Type.Object({ version: Version });

// ---- Featured lists and the featured page ----------------------------------------------------

const FeaturedListFields = {
  kind: Type.Union([Type.Literal('titles'), Type.Literal('ranked')]),
  /** The default name, and names per language. */
  name: Type.String({ minLength: 1, maxLength: 100 }),
  names: PerLang(Type.String({ minLength: 1, maxLength: 100 })),
  /** Series in order; each must have a released title (else 400). */
  seriesIds: Type.Array(Id, { uniqueItems: true, maxItems: 100 }),
};
export const FeaturedList = Type.Object({ id: Id, ...FeaturedListFields, sort: Type.Integer(), version: Version });
export type FeaturedList = Static<typeof FeaturedList>;
export const NewFeaturedList = Type.Object(FeaturedListFields);
export type NewFeaturedList = Static<typeof NewFeaturedList>;
export const FeaturedListPatch = Type.Object({ ...Type.Partial(Type.Object(FeaturedListFields)).properties, version: Version });
export type FeaturedListPatch = Static<typeof FeaturedListPatch>;
/** A block of the featured page: a banner of placement `featured`, or a list (kind titles or ranked). */
export const FeaturedBlock = Type.Object({ kind: Type.Union([Type.Literal('banner'), Type.Literal('list')]), id: Id });
export type FeaturedBlock = Static<typeof FeaturedBlock>;
export const Featured = Type.Object({ lists: Type.Array(FeaturedList), blocks: Type.Array(FeaturedBlock) });
export type Featured = Static<typeof Featured>;
/** The whole page in its new order (every featured banner and list exactly once). */
export const FeaturedBlocks = Type.Object({ blocks: Type.Array(FeaturedBlock, { maxItems: 500 }) });
export type FeaturedBlocks = Static<typeof FeaturedBlocks>;

// ---- Popups ----------------------------------------------------------------------------------

const PopupFields = {
  /** home: the home's popup; rating: a title's age notice (seriesId set). */
  placement: Type.Union([Type.Literal('home'), Type.Literal('rating')]),
  /** one_image: an image with an action; app_default: the app's own box with subject and body. */
  kind: Type.Union([Type.Literal('one_image'), Type.Literal('app_default')]),
  languages: TargetLanguages,
  subject: Text(200),
  body: Text(2000),
  action: Action,
  seriesId: Type.Integer({ minimum: 0 }),
  startAt: Seconds,
  endAt: Until,
  status: Status,
};
/** The id is what the reader stores for "don't show again": it never changes on an edit. */
export const Popup = Type.Object({ id: Id, ...PopupFields, image: Type.String(), phase: Phase, version: Version });
export type Popup = Static<typeof Popup>;
export const Popups = Type.Object({ popups: Type.Array(Popup) });
export const NewPopup = Type.Object(PopupFields);
export type NewPopup = Static<typeof NewPopup>;
export const PopupPatch = Type.Object({ ...Type.Partial(Type.Object(PopupFields)).properties, version: Version });
export type PopupPatch = Static<typeof PopupPatch>;

// ---- Announcements and publisher news --------------------------------------------------------

/**
 * body is HTML (from the rich-text editor). The server refuses markup the
 * reader's sanitiser would drop (scripts, event handlers, javascript: links,
 * styles, iframes...): 400 validation, one error per finding at path /body.
 * What is stored is always the sanitised HTML.
 */
const AnnouncementFields = {
  language: Lang,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  body: Text(50_000),
  /** When readers see it (a future time schedules it). */
  publishAt: Seconds,
  status: Status,
};
export const Announcement = Type.Object({ id: Id, ...AnnouncementFields, phase: Phase, version: Version });
export type Announcement = Static<typeof Announcement>;
export const Announcements = Type.Object({ announcements: Type.Array(Announcement) });
export const AnnouncementQuery = Type.Object({ language: Type.Optional(Lang) });
export const NewAnnouncement = Type.Object(AnnouncementFields);
export type NewAnnouncement = Static<typeof NewAnnouncement>;
export const AnnouncementPatch = Type.Object({ ...Type.Partial(Type.Object(AnnouncementFields)).properties, version: Version });
export type AnnouncementPatch = Static<typeof AnnouncementPatch>;

const NewsFields = {
  publisherId: Id,
  language: Lang,
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  body: Text(50_000),
  /** Where "more" leads: '' or an action URL as in Action. */
  actionUrl: Text(2000),
  publishAt: Seconds,
  status: Status,
};
export const News = Type.Object({ id: Id, ...NewsFields, phase: Phase, version: Version });
export type News = Static<typeof News>;
export const NewsList = Type.Object({ news: Type.Array(News) });
export const NewsQuery = Type.Object({ publisher: Type.Optional(Id), language: Type.Optional(Lang) });
export const NewNews = Type.Object(NewsFields);
export type NewNews = Static<typeof NewNews>;
export const NewsPatch = Type.Object({ ...Type.Partial(Type.Object(NewsFields)).properties, version: Version });
export type NewsPatch = Static<typeof NewsPatch>;
export const Publishers = Type.Object({ publishers: Type.Array(Type.Object({ id: Id, name: Type.String() })) });

// ---- Home preview ----------------------------------------------------------------------------

/** at: the moment to see (null = now). */
export const PreviewRequest = Type.Object({ language: Lang, at: Until });
export type PreviewRequest = Static<typeof PreviewRequest>;
/**
 * Sets the HttpOnly cookie `reader_preview` (Path=/api, SameSite=Strict, 10 min):
 * the reader's own /api home, featured and popup answers are then made for
 * that language and moment, drafts and scheduled items included, for this
 * browser only, while the staff session lasts. Open `paths` in a frame.
 */
export const PreviewGrant = Type.Object({
  language: Lang,
  at: Seconds,
  expiresAt: Seconds,
  paths: Type.Object({ home: Type.String(), featured: Type.String() }),
});
export type PreviewGrant = Static<typeof PreviewGrant>;
