import { ACCESS_ONLY, type Access } from '../roles.js';
import type { RouteSpec } from './spec.js';
import { TEXT_ROUTES } from './texts.js';
import { HOME_ROUTES } from './home.js';
import { SURVEY_ROUTES } from './surveys.js';
import { COMMENT_ROUTES } from './comments.js';
import { STATS_ROUTES } from './stats.js';
import { CATALOG_ROUTES } from './catalog.js';
import { CHAPTER_ROUTES } from './chapters.js';
import { ADMIN_ROUTES } from './admin.js';
import { AUTH_ROUTES } from './auth.js';
import { FEEDBACK_ROUTES } from './feedback.js';
import { ME_ROUTES } from './me.js';

/**
 * The console API, one table: every route described once, by area. What is
 * not described here yet is listed by its access alone (ACCESS_ONLY in
 * core/console/roles.ts), until its area moves.
 */
export const CONSOLE_ROUTES = {
  ...TEXT_ROUTES,
  ...HOME_ROUTES,
  ...SURVEY_ROUTES,
  ...COMMENT_ROUTES,
  ...STATS_ROUTES,
  ...CATALOG_ROUTES,
  ...CHAPTER_ROUTES,
  ...AUTH_ROUTES,
  ...ME_ROUTES,
  ...ADMIN_ROUTES,
  ...FEEDBACK_ROUTES,
} as const satisfies Record<string, RouteSpec>;

export type ConsoleRouteKey = keyof typeof CONSOLE_ROUTES;
/** Every console API route, "METHOD /path" under /console/api. */
export type ConsoleRoute = ConsoleRouteKey | keyof typeof ACCESS_ONLY;

const described = Object.fromEntries(Object.entries(CONSOLE_ROUTES).map(([k, v]) => [k, v.access])) as Record<ConsoleRouteKey, Access>;

/** Who may call each console API route (the server's scope checks it on every call, failing closed). */
export const ROUTE_ACCESS: Readonly<Record<ConsoleRoute, Access>> = { ...ACCESS_ONLY, ...described };

export type { RouteSpec } from './spec.js';
