import type { Access } from '../roles.js';
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
import { PICKER_ROUTES } from './pickers.js';
import { RELEASE_GROUP_ROUTES } from './releaseGroups.js';
import { PUBLISHER_ROUTES } from './publishers.js';
import { COVER_TEST_ROUTES } from './coverTests.js';

/**
 * The console API, one table: every route described once, by area (a file
 * each). The server registers its handlers from it, the console calls by its
 * keys, the OpenAPI document and the access test are made from it.
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
  ...PICKER_ROUTES,
  ...RELEASE_GROUP_ROUTES,
  ...PUBLISHER_ROUTES,
  ...COVER_TEST_ROUTES,
} as const satisfies Record<string, RouteSpec>;

/** Every console API route, "METHOD /path" under /console/api. */
export type ConsoleRouteKey = keyof typeof CONSOLE_ROUTES;
export type ConsoleRoute = ConsoleRouteKey;

const described = Object.fromEntries(Object.entries(CONSOLE_ROUTES).map(([k, v]) => [k, v.access])) as Record<ConsoleRouteKey, Access>;

/** Who may call each console API route (the server's scope checks it on every call, failing closed). */
export const ROUTE_ACCESS: Readonly<Record<ConsoleRoute, Access>> = described;

export type { RouteSpec } from './spec.js';
