import { PickChapters, PickChaptersQuery, PickTitles, PickTitlesQuery } from '../schemas/pickers.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/**
 * Who uses a picker: editors (banners, popups, featured lists point at titles, chapters and series) and analysts
 * (the statistics of a title's chapters, how far readers get in a chapter).
 */
const PICKERS: readonly Role[] = ['editor', 'analyst'];

/** The pickers' searches (server/routes/console/api/pick/). */
export const PICKER_ROUTES = {
  'GET /pick/titles': {
    access: PICKERS,
    summary: 'Titles by a part of a name in any language, or by id: cover and languages',
    query: PickTitlesQuery,
    response: PickTitles,
  },
  'GET /pick/chapters': {
    access: PICKERS,
    summary: "A title's chapters by a part of their name, or chapters by id",
    query: PickChaptersQuery,
    response: PickChapters,
  },
} as const satisfies Record<string, RouteSpec>;
