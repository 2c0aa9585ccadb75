import { IdParams } from '../schemas/common.js';
import {
  Banner,
  BannerOrder,
  BannerPatch,
  BannerQuery,
  Banners,
  Featured,
  FeaturedBlocks,
  FeaturedList,
  FeaturedListPatch,
  ImageQuery,
  NewBanner,
  NewFeaturedList,
  NewPopup,
  Popup,
  PopupPatch,
  Popups,
  PreviewGrant,
  PreviewRequest,
  VersionQuery,
} from '../schemas/home.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/** The home's banners, featured page, popups and its preview: the editors'. */
const EDITOR: readonly Role[] = ['editor'];

/**
 * What a reader meets on the home besides chapters. An image upload
 * (PUT …/:id/image) takes the raw image as its body (image/png, jpeg, webp
 * or gif, at most 8 MiB): its entry has no `body` schema.
 */
export const HOME_ROUTES = {
  'GET /banners': { access: EDITOR, summary: 'Banners of a placement, in their order', query: BannerQuery, response: Banners },
  'POST /banners': { access: EDITOR, summary: 'Makes a banner (last in its placement)', body: NewBanner, status: 201, response: Banner },
  'PUT /banners/order': { access: EDITOR, summary: 'Orders every banner of a placement', body: BannerOrder, response: Banners },
  'GET /banners/:id': { access: EDITOR, summary: 'One banner', params: IdParams, response: Banner },
  'PATCH /banners/:id': {
    access: EDITOR,
    summary: 'Changes a banner (at the version read)',
    params: IdParams,
    body: BannerPatch,
    response: Banner,
  },
  'DELETE /banners/:id': {
    access: EDITOR,
    summary: 'Deletes a banner (at the version read)',
    params: IdParams,
    query: VersionQuery,
    status: 204,
  },
  'PUT /banners/:id/image': {
    access: EDITOR,
    summary: "Uploads a banner's image, for a language or the default one (the raw image as the body)",
    params: IdParams,
    query: ImageQuery,
    response: Banner,
  },
  'GET /featured': { access: EDITOR, summary: 'The featured lists and the featured page in its order', response: Featured },
  'PUT /featured/blocks': {
    access: EDITOR,
    summary: 'Orders the featured page (every featured banner and list once)',
    body: FeaturedBlocks,
    response: Featured,
  },
  'POST /featured/lists': {
    access: EDITOR,
    summary: 'Makes a featured list',
    body: NewFeaturedList,
    status: 201,
    response: FeaturedList,
  },
  'PATCH /featured/lists/:id': {
    access: EDITOR,
    summary: 'Changes a featured list (at the version read)',
    params: IdParams,
    body: FeaturedListPatch,
    response: FeaturedList,
  },
  'DELETE /featured/lists/:id': {
    access: EDITOR,
    summary: 'Deletes a featured list (at the version read)',
    params: IdParams,
    query: VersionQuery,
    status: 204,
  },
  'GET /popups': { access: EDITOR, summary: "The home's popups and the titles' age notices", response: Popups },
  'POST /popups': { access: EDITOR, summary: 'Makes a popup', body: NewPopup, status: 201, response: Popup },
  'PATCH /popups/:id': {
    access: EDITOR,
    summary: 'Changes a popup (at the version read; its id stays)',
    params: IdParams,
    body: PopupPatch,
    response: Popup,
  },
  'DELETE /popups/:id': {
    access: EDITOR,
    summary: 'Deletes a popup (at the version read)',
    params: IdParams,
    query: VersionQuery,
    status: 204,
  },
  'PUT /popups/:id/image': {
    access: EDITOR,
    summary: "Uploads a one-image popup's image (the raw image as the body; the language is ignored)",
    params: IdParams,
    query: ImageQuery,
    response: Popup,
  },
  'POST /preview-home': {
    access: EDITOR,
    summary: "Grants this browser a preview of the reader's home for a language and a moment (an HttpOnly cookie)",
    body: PreviewRequest,
    response: PreviewGrant,
  },
  'DELETE /preview-home': { access: EDITOR, summary: 'Ends the preview (its cookie cleared)', status: 204 },
} as const satisfies Record<string, RouteSpec>;
