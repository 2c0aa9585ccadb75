import { StatsQuery, StatsSummary } from '../schemas/areas.js';
import { Dashboard, ReachQuery, ReadingQuery, StatsPeriodQuery } from '../schemas/stats.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

const ANALYST: readonly Role[] = ['analyst'];

/** View statistics: the summary, and the analyst's dashboards, each read from the hourly rollups. */
export const STATS_ROUTES = {
  'GET /stats/summary': {
    access: ANALYST,
    summary: 'Views and distinct readers per UTC day',
    query: StatsQuery,
    response: StatsSummary,
  },
  'GET /stats/reading': {
    access: ANALYST,
    summary: 'Reading per series, title, chapter (of a title) or language over a period',
    query: ReadingQuery,
    response: Dashboard,
  },
  'GET /stats/reach': {
    access: ANALYST,
    summary: 'How far readers get through a chapter, where they stop, and who opens the next one',
    query: ReachQuery,
    response: Dashboard,
  },
  'GET /stats/favorites': {
    access: ANALYST,
    summary: 'Favorites gained and lost per title over a period',
    query: StatsPeriodQuery,
    response: Dashboard,
  },
  'GET /stats/notifications': {
    access: ANALYST,
    summary: 'Release notifications per chapter over a period: sent, accepted, failed, expired, opened',
    query: StatsPeriodQuery,
    response: Dashboard,
  },
  'GET /stats/promos': {
    access: ANALYST,
    summary: 'Banners and popups over a period: impressions, taps and tap rate',
    query: StatsPeriodQuery,
    response: Dashboard,
  },
  'GET /stats/surveys': {
    access: ANALYST,
    summary: 'Survey answers per survey over a period',
    query: StatsPeriodQuery,
    response: Dashboard,
  },
} as const satisfies Record<string, RouteSpec>;
