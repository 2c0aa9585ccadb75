import { IdParams } from '../schemas/common.js';
import {
  Announcement,
  AnnouncementPatch,
  AnnouncementQuery,
  Announcements,
  NewAnnouncement,
  NewNews,
  News,
  NewsList,
  NewsPatch,
  NewsQuery,
  Publishers,
  VersionQuery,
} from '../schemas/home.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/** Announcements and news: editors, and localizers in their own languages (the service checks the language). */
const TEXTS: readonly Role[] = ['editor', 'localizer'];

/** Service announcements and publisher news (newest publication first). */
export const TEXT_ROUTES = {
  'GET /announcements': {
    access: TEXTS,
    summary: 'Service announcements, newest first',
    query: AnnouncementQuery,
    response: Announcements,
  },
  'POST /announcements': { access: TEXTS, summary: 'Writes an announcement', body: NewAnnouncement, status: 201, response: Announcement },
  'PATCH /announcements/:id': {
    access: TEXTS,
    summary: 'Changes an announcement (at the version read)',
    params: IdParams,
    body: AnnouncementPatch,
    response: Announcement,
  },
  'DELETE /announcements/:id': {
    access: TEXTS,
    summary: 'Deletes an announcement (at the version read)',
    params: IdParams,
    query: VersionQuery,
    status: 204,
  },
  'GET /news': { access: TEXTS, summary: "Publishers' news, newest first", query: NewsQuery, response: NewsList },
  'GET /news/publishers': { access: TEXTS, summary: 'The publishers news can be written for', response: Publishers },
  'POST /news': { access: TEXTS, summary: 'Writes a news item', body: NewNews, status: 201, response: News },
  'PATCH /news/:id': {
    access: TEXTS,
    summary: 'Changes a news item (at the version read)',
    params: IdParams,
    body: NewsPatch,
    response: News,
  },
  'DELETE /news/:id': {
    access: TEXTS,
    summary: 'Deletes a news item (at the version read)',
    params: IdParams,
    query: VersionQuery,
    status: 204,
  },
} as const satisfies Record<string, RouteSpec>;
