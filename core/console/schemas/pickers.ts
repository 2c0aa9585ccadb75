import { Type, type Static } from '@sinclair/typebox';
import { Id, Seconds } from './common.js';

/**
 * The console's pickers (console/ui/pickers/): titles found by a part of
 * their name in any language (every language title of a series one of whose
 * names holds it), chapters within a title. `ids` asks for known ones (an
 * editor opening a banner that already points at one), `q` for a search;
 * answers are paged (`next` is the `offset` of the next page, null at the end).
 */
const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
};
/** Up to 50 ids, comma-separated. */
const IdList = Type.String({ pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,49}$' });

export const PickTitlesQuery = Type.Object({
  /** A part of a name (any language), or a title's id. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  ids: Type.Optional(IdList),
  /** Every title of these series (a featured list's, a rating popup's). */
  series: Type.Optional(IdList),
  ...Paging,
});
export type PickTitlesQuery = Static<typeof PickTitlesQuery>;

export const PickTitle = Type.Object({
  id: Id,
  seriesId: Type.Integer(),
  name: Type.String(),
  /** The title's language (a short code), and every language its series has a title in. */
  language: Type.String(),
  languages: Type.Array(Type.String()),
  /** The portrait cover's URL ('' when none). */
  cover: Type.String(),
  /** Whether a chapter of it is out (banners and popups may point only at released titles). */
  released: Type.Boolean(),
});
export type PickTitle = Static<typeof PickTitle>;
export const PickTitles = Type.Object({ items: Type.Array(PickTitle), next: Type.Union([Type.Integer(), Type.Null()]) });
export type PickTitles = Static<typeof PickTitles>;

export const PickChaptersQuery = Type.Object({
  /** The title whose chapters are searched (needed unless `ids` is given). */
  title: Type.Optional(Id),
  /** A part of the chapter's name or subtitle, or its id. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  ids: Type.Optional(IdList),
  ...Paging,
});
export type PickChaptersQuery = Static<typeof PickChaptersQuery>;

export const PickChapter = Type.Object({
  id: Id,
  titleId: Type.Integer(),
  titleName: Type.String(),
  language: Type.String(),
  name: Type.String(),
  subTitle: Type.String(),
  thumbnail: Type.String(),
  startAt: Seconds,
  released: Type.Boolean(),
});
export type PickChapter = Static<typeof PickChapter>;
export const PickChapters = Type.Object({ items: Type.Array(PickChapter), next: Type.Union([Type.Integer(), Type.Null()]) });
export type PickChapters = Static<typeof PickChapters>;
