import {
  BoardPatch,
  Chapter,
  ChapterCreate,
  ChapterList,
  ChapterPatch,
  ChapterQuery,
  PageThumbParams,
  Preview,
  PreviewLink,
  PreviewPageParams,
  PreviewParams,
  ProcessRequest,
  Schedule,
  UploadParams,
  VersionQuery,
} from '../schemas/catalog.js';
import { IdParams } from '../schemas/common.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/** Chapters, their uploads, releases and previews: the editors'. */
const EDITOR: readonly Role[] = ['editor'];

/**
 * Chapters made in the console: drafts and their page board
 * (server/routes/console/api/chapters/), the resumable uploads their pages
 * come from (…/uploads/: tus, its bodies and answers its own), releases
 * (…/releases/) and staff previews (…/preview/). Files answered (a board
 * thumbnail, a preview's page) have no response schema.
 */
export const CHAPTER_ROUTES = {
  'GET /chapters': { access: EDITOR, summary: "A title's chapters, drafts too", query: ChapterQuery, response: ChapterList },
  'POST /chapters': { access: EDITOR, summary: 'Makes a draft chapter', body: ChapterCreate, status: 201, response: Chapter },
  'GET /chapters/:id': { access: EDITOR, summary: 'One chapter, its page board and job', params: IdParams, response: Chapter },
  'PATCH /chapters/:id': {
    access: EDITOR,
    summary: "Changes a chapter's name, subtitle or thumbnail page (at the version read)",
    params: IdParams,
    body: ChapterPatch,
    response: Chapter,
  },
  'DELETE /chapters/:id': {
    access: EDITOR,
    summary: 'Deletes a draft chapter (at the version read)',
    params: IdParams,
    query: VersionQuery,
    status: 204,
  },
  'PUT /chapters/:id/pages': {
    access: EDITOR,
    summary: 'Sets the page board at once: order, types, pages removed (at the version read)',
    params: IdParams,
    body: BoardPatch,
    response: Chapter,
  },
  'POST /chapters/:id/process': {
    access: EDITOR,
    summary: 'Turns finished uploads into pages, as a job (accepted: the chapter with its job)',
    params: IdParams,
    body: ProcessRequest,
    status: 202,
    response: Chapter,
  },
  'GET /chapters/:id/pages/:page/thumb.webp': {
    access: EDITOR,
    summary: "A board page's thumbnail (WebP)",
    params: PageThumbParams,
  },
  // tus 1.0.0: the headers carry what the request says (Upload-Length, Upload-Metadata, Upload-Offset), the tus server answers.
  'POST /uploads': { access: EDITOR, summary: "Begins a chapter's resumable upload (tus)" },
  'PATCH /uploads/:id': { access: EDITOR, summary: 'Sends the next bytes of an upload (tus; HEAD: where it stands)', params: UploadParams },
  'DELETE /uploads/:id': { access: EDITOR, summary: 'Cancels an upload, its bytes gone (tus)', params: UploadParams },
  'PUT /releases/:id': {
    access: EDITOR,
    summary: "Schedules a chapter's release or moves it (at the version read)",
    params: IdParams,
    body: Schedule,
    response: Chapter,
  },
  'DELETE /releases/:id': {
    access: EDITOR,
    summary: 'Takes back a scheduled release (at the version read)',
    params: IdParams,
    query: VersionQuery,
    response: Chapter,
  },
  'POST /releases/:id/now': {
    access: EDITOR,
    summary: 'Releases a chapter now (at the version read)',
    params: IdParams,
    body: VersionQuery,
    response: Chapter,
  },
  'POST /releases/:id/take-down': {
    access: EDITOR,
    summary: 'Takes a live chapter down (the password again; at the version read)',
    params: IdParams,
    body: VersionQuery,
    response: Chapter,
  },
  'POST /releases/:id/restore': {
    access: EDITOR,
    summary: 'Puts a chapter taken down back (at the version read)',
    params: IdParams,
    body: VersionQuery,
    response: Chapter,
  },
  'POST /preview/:id': {
    access: EDITOR,
    summary: 'A link to preview a chapter as a reader will see it (it expires)',
    params: IdParams,
    response: PreviewLink,
  },
  'GET /preview/:token': { access: EDITOR, summary: "A preview's chapter and pages", params: PreviewParams, response: Preview },
  'GET /preview/:token/page/:idx/:file': {
    access: EDITOR,
    summary: "A preview page's image (WebP, encrypted like the reader's)",
    params: PreviewPageParams,
  },
} as const satisfies Record<string, RouteSpec>;
