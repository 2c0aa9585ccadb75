import { Type, type Static } from '@sinclair/typebox';

/**
 * The analyst's dashboards. Every dashboard answers one shape:
 * totals with the previous period's figure, charts (a value per bucket of
 * the period, per series) and sortable tables (named columns; a cell is a
 * number, a text or null). Column and series names are stable keys the
 * console translates; only aggregates, never a visitor.
 */
export const StatsPeriodQuery = Type.Object({
  from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  to: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  tz: Type.Optional(Type.String({ maxLength: 64, default: 'UTC' })),
  by: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')], { default: 'day' })),
});
export const ReadingQuery = Type.Intersect([
  StatsPeriodQuery,
  Type.Object({
    group: Type.Optional(
      Type.Union([Type.Literal('series'), Type.Literal('title'), Type.Literal('chapter'), Type.Literal('language')], { default: 'title' }),
    ),
    /** The title whose chapters are listed (group=chapter). */
    title: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
]);
export const ReachQuery = Type.Intersect([StatsPeriodQuery, Type.Object({ chapter: Type.Integer({ minimum: 1 }) })]);

const Cell = Type.Union([Type.Number(), Type.String(), Type.Null()]);
const StatsTotal = Type.Object({ name: Type.String(), value: Type.Number(), previous: Type.Union([Type.Number(), Type.Null()]) });
export const StatsChart = Type.Object({
  id: Type.String(),
  buckets: Type.Array(Type.String()),
  series: Type.Array(Type.Object({ name: Type.String(), values: Type.Array(Type.Number()) })),
});
const StatsColumn = Type.Object({
  key: Type.String(),
  kind: Type.Union([Type.Literal('text'), Type.Literal('int'), Type.Literal('pct')]),
});
export const StatsTable = Type.Object({
  id: Type.String(),
  columns: Type.Array(StatsColumn),
  rows: Type.Array(Type.Record(Type.String(), Cell)),
});
export const Dashboard = Type.Object({
  period: Type.Object({ tz: Type.String(), from: Type.String(), to: Type.String(), by: Type.String() }),
  totals: Type.Array(StatsTotal),
  charts: Type.Array(StatsChart),
  tables: Type.Array(StatsTable),
});
export type Dashboard = Static<typeof Dashboard>;
export type StatsTable = Static<typeof StatsTable>;
export type StatsChart = Static<typeof StatsChart>;
type StatsColumn = Static<typeof StatsColumn>;
export type ReadingQuery = Static<typeof ReadingQuery>;
export type ReachQuery = Static<typeof ReachQuery>;
export type StatsPeriodQuery = Static<typeof StatsPeriodQuery>;

/** The dashboards, in the console's order: each is GET /stats/<name>. */
export const DASHBOARDS = ['reading', 'reach', 'favorites', 'notifications', 'promos', 'surveys'] as const;
export type DashboardName = (typeof DASHBOARDS)[number];
