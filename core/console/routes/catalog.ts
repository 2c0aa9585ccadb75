import { CatalogTitles, TitleQuery } from '../schemas/areas.js';
import {
  Series,
  SeriesCreate,
  SeriesList,
  SeriesPatch,
  SeriesPublish,
  SeriesQuery,
  TitleCreate,
  TitleFull,
  TitleFullPatch,
  TitleImageParams,
  VersionQuery,
} from '../schemas/catalog.js';
import { IdParams } from '../schemas/common.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/** Catalog texts and series reads: editors, and localizers (the service limits them to titles of their languages). */
const CATALOG: readonly Role[] = ['editor', 'localizer'];
/** Series, their titles and images: the editors'. */
const EDITOR: readonly Role[] = ['editor'];

/** Titles' texts and images (server/routes/console/api/catalog/), series and their titles per language (…/series/). */
export const CATALOG_ROUTES = {
  'GET /catalog/titles': {
    access: CATALOG,
    summary: "Titles' texts, by language and a search",
    query: TitleQuery,
    response: CatalogTitles,
  },
  'GET /catalog/titles/:id': { access: CATALOG, summary: 'One title, its texts and images', params: IdParams, response: TitleFull },
  'PATCH /catalog/titles/:id': {
    access: CATALOG,
    summary: "Changes a title's texts (at the version read)",
    params: IdParams,
    body: TitleFullPatch,
    response: TitleFull,
  },
  // The body is the image itself (its type in Content-Type), read by the route's own parser.
  'POST /catalog/titles/:id/images/:kind': {
    access: EDITOR,
    summary: "Sets one of a title's images (the raw image as the body, at the version read)",
    params: TitleImageParams,
    query: VersionQuery,
    response: TitleFull,
  },
  'GET /series': { access: CATALOG, summary: 'Series, by a search', query: SeriesQuery, response: SeriesList },
  'POST /series': { access: EDITOR, summary: 'Makes a series', body: SeriesCreate, status: 201, response: Series },
  'GET /series/:id': { access: CATALOG, summary: 'One series with its titles', params: IdParams, response: Series },
  'PATCH /series/:id': {
    access: EDITOR,
    summary: 'Changes a series (at the version read)',
    params: IdParams,
    body: SeriesPatch,
    response: Series,
  },
  'POST /series/:id/publish': {
    access: EDITOR,
    summary: "Shows a series' draft titles to readers as coming soon, with a date and the schedule (at the version read)",
    params: IdParams,
    body: SeriesPublish,
    response: Series,
  },
  'POST /series/:id/unpublish': {
    access: EDITOR,
    summary: "Takes a series' coming-soon titles back to draft, while none of its chapters is released (at the version read)",
    params: IdParams,
    body: VersionQuery,
    response: Series,
  },
  'POST /series/:id/titles': {
    access: EDITOR,
    summary: 'Adds a title to a series in a new language',
    params: IdParams,
    body: TitleCreate,
    status: 201,
    response: TitleFull,
  },
} as const satisfies Record<string, RouteSpec>;
