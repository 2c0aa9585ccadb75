import { Type, type Static } from '@sinclair/typebox';
import { Id, Seconds } from './common.js';
import { ChapterState } from './catalog.js';

/**
 * One release of a chapter in several languages (a release group) and the
 * release calendar. Languages are short codes (core/languages.ts), times
 * integer seconds UTC; every write carries the `version` it was based on.
 */
const Version = Type.Integer({ minimum: 0 });
const Zone = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$|^UTC$' });

/** draft → scheduled → released, or held (its time came with members lacking pages and `partial` block), or cancelled. */
export const ReleaseGroupState = Type.Union([
  Type.Literal('draft'),
  Type.Literal('scheduled'),
  Type.Literal('held'),
  Type.Literal('released'),
  Type.Literal('cancelled'),
]);
export type ReleaseGroupState = Static<typeof ReleaseGroupState>;
/** What members without pages at the release time do: hold the whole release, or let the ready ones go. */
export const Partial = Type.Union([Type.Literal('block'), Type.Literal('split')]);
export type Partial = Static<typeof Partial>;

export const ReleaseMember = Type.Object({
  chapterId: Id,
  titleId: Id,
  language: Type.String(),
  titleName: Type.String(),
  chapterName: Type.String(),
  chapterState: ChapterState,
  pages: Type.Integer(),
  /** Has pages and no page job running: it can go out. */
  ready: Type.Boolean(),
  version: Type.Integer(),
});
export type ReleaseMember = Static<typeof ReleaseMember>;

export const ReleaseGroup = Type.Object({
  id: Id,
  seriesId: Id,
  name: Type.String(),
  state: ReleaseGroupState,
  startAt: Seconds,
  endAt: Seconds,
  partial: Partial,
  zones: Type.Array(Type.String()),
  /** The group this one was split from (0: none). */
  splitFrom: Type.Integer(),
  members: Type.Array(ReleaseMember),
  /** Languages of members still without pages. */
  missing: Type.Array(Type.String()),
  version: Type.Integer(),
});
export type ReleaseGroup = Static<typeof ReleaseGroup>;

const Members = Type.Array(Id, { minItems: 1, maxItems: 9, uniqueItems: true });
const Zones = Type.Array(Zone, { maxItems: 8, uniqueItems: true });
export const ReleaseGroupCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  chapterIds: Members,
  partial: Partial,
  zones: Zones,
});
export type ReleaseGroupCreate = Static<typeof ReleaseGroupCreate>;
export const ReleaseGroupPatch = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  chapterIds: Type.Optional(Members),
  partial: Type.Optional(Partial),
  zones: Type.Optional(Zones),
  version: Version,
});
export type ReleaseGroupPatch = Static<typeof ReleaseGroupPatch>;
export const ReleaseGroupSchedule = Type.Object({ startAt: Seconds, endAt: Seconds, version: Version });
export type ReleaseGroupSchedule = Static<typeof ReleaseGroupSchedule>;
export const ReleaseGroupQuery = Type.Object({ seriesId: Type.Optional(Id), chapterId: Type.Optional(Id) });
export const ReleaseGroupList = Type.Object({ groups: Type.Array(ReleaseGroup) });

export const CalendarQuery = Type.Object({
  from: Seconds,
  /** At most 42 days after `from`. */
  to: Seconds,
  publisherId: Type.Optional(Type.Integer({ minimum: 0 })),
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 8 })),
});
export type CalendarQuery = Static<typeof CalendarQuery>;
export const CalendarEntry = Type.Object({
  kind: Type.Union([Type.Literal('release'), Type.Literal('end'), Type.Literal('group')]),
  at: Seconds,
  /** The chapter (release, end) or 0 (group). */
  chapterId: Type.Integer(),
  /** The group it is (group) or went out with (release), else 0. */
  groupId: Type.Integer(),
  name: Type.String(),
  titleName: Type.String(),
  languages: Type.Array(Type.String()),
  seriesId: Type.Integer(),
  publisherId: Type.Integer(),
  /** A group's state (scheduled, held); a chapter's: scheduled or live. */
  state: Type.String(),
});
export type CalendarEntry = Static<typeof CalendarEntry>;
export const Calendar = Type.Object({ entries: Type.Array(CalendarEntry) });
export type Calendar = Static<typeof Calendar>;
