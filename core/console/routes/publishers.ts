import { Publisher, PublisherCreate, PublisherImageParams, PublisherList, PublisherPatch } from '../schemas/publishers.js';
import { VersionQuery } from '../schemas/catalog.js';
import { IdParams } from '../schemas/common.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/** Read by whoever edits series (the series form picks one) or their texts. */
const READ: readonly Role[] = ['editor', 'localizer'];
/** Made and changed by editors (and the owner). */
const EDITOR: readonly Role[] = ['editor'];

/** Publishers, their names, logos and banners (server/routes/console/api/publishers/); their news is under /news. */
export const PUBLISHER_ROUTES = {
  'GET /publishers': { access: READ, summary: 'Every publisher', response: PublisherList },
  'POST /publishers': { access: EDITOR, summary: 'Makes a publisher', body: PublisherCreate, status: 201, response: Publisher },
  'GET /publishers/:id': { access: READ, summary: 'One publisher', params: IdParams, response: Publisher },
  'PATCH /publishers/:id': {
    access: EDITOR,
    summary: 'Changes a publisher (at the version read)',
    params: IdParams,
    body: PublisherPatch,
    response: Publisher,
  },
  // The body is the image itself (its type in Content-Type), read by the route's own parser.
  'POST /publishers/:id/images/:kind': {
    access: EDITOR,
    summary: "Sets a publisher's logo or banner (the raw image as the body, at the version read)",
    params: PublisherImageParams,
    query: VersionQuery,
    response: Publisher,
  },
} as const satisfies Record<string, RouteSpec>;
