import { IdParams } from '../schemas/common.js';
import { VersionQuery } from '../schemas/catalog.js';
import {
  CoverTest,
  CoverTestCreate,
  CoverTestEnd,
  CoverTestImageQuery,
  CoverTestList,
  CoverTestQuery,
  CoverTestStart,
} from '../schemas/coverTests.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

const EDITOR: readonly Role[] = ['editor'];
const READERS: readonly Role[] = ['editor', 'analyst'];

/** Cover tests (server/routes/console/api/cover-tests/): editors make and end them, analysts read their figures. */
export const COVER_TEST_ROUTES = {
  'GET /cover-tests': {
    access: READERS,
    summary: "Every cover test, or a title's",
    query: CoverTestQuery,
    response: CoverTestList,
  },
  'POST /cover-tests': {
    access: EDITOR,
    summary: "Makes a draft test of a title's cover or thumbnail, its current image the first variant",
    body: CoverTestCreate,
    status: 201,
    response: CoverTest,
  },
  'GET /cover-tests/:id': {
    access: READERS,
    summary: 'One cover test: its variants, their figures and how sure they are',
    params: IdParams,
    response: CoverTest,
  },
  'POST /cover-tests/:id/images': {
    access: EDITOR,
    summary: 'Adds a variant to a draft test, the raw image as the body (at the version read)',
    params: IdParams,
    query: CoverTestImageQuery,
    response: CoverTest,
  },
  'PUT /cover-tests/:id/start': {
    access: EDITOR,
    summary: 'Starts the test for a number of days: visitors are split between its variants (at the version read)',
    params: IdParams,
    body: CoverTestStart,
    response: CoverTest,
  },
  'POST /cover-tests/:id/end': {
    access: EDITOR,
    summary: "Ends the test with the editor's winner, which becomes the title's image (at the version read)",
    params: IdParams,
    body: CoverTestEnd,
    response: CoverTest,
  },
  'POST /cover-tests/:id/discard': {
    access: EDITOR,
    summary: 'Ends a draft or running test with no change to the title (at the version read)',
    params: IdParams,
    body: VersionQuery,
    response: CoverTest,
  },
} as const satisfies Record<string, RouteSpec>;
