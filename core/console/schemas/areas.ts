import { Type, type Static } from '@sinclair/typebox';
import { Id, Seconds } from './common.js';

/** The role-scoped areas of part 1: catalog texts, the feedback inbox, view statistics. */
export const TitleQuery = Type.Object({
  language: Type.Optional(Type.String({ maxLength: 8 })),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
const CatalogTitle = Type.Object({
  id: Id,
  seriesId: Type.Integer(),
  language: Type.String(),
  name: Type.String(),
  author: Type.String(),
  overview: Type.String(),
  version: Type.Integer(),
});
type CatalogTitle = Static<typeof CatalogTitle>;
export const CatalogTitles = Type.Object({ titles: Type.Array(CatalogTitle) });
// The feedback inbox's schemas moved to home.ts (InboxQuery, Inbox, read marks).
export const StatsQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })) });
export const StatsSummary = Type.Object({
  days: Type.Array(Type.Object({ day: Seconds, views: Type.Integer(), readers: Type.Integer() })),
});
