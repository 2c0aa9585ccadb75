import { IdParams } from '../schemas/common.js';
import { VersionQuery } from '../schemas/catalog.js';
import {
  Calendar,
  CalendarQuery,
  ReleaseGroup,
  ReleaseGroupCreate,
  ReleaseGroupList,
  ReleaseGroupPatch,
  ReleaseGroupQuery,
  ReleaseGroupSchedule,
} from '../schemas/releaseGroups.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

const EDITOR: readonly Role[] = ['editor'];

/**
 * One release in several languages (server/routes/console/api/release-groups/)
 * and the release calendar (…/calendar/): the editors'.
 */
export const RELEASE_GROUP_ROUTES = {
  'GET /release-groups': {
    access: EDITOR,
    summary: "A series' release groups, or the open one a chapter is in",
    query: ReleaseGroupQuery,
    response: ReleaseGroupList,
  },
  'POST /release-groups': {
    access: EDITOR,
    summary: "Makes a release group of a chapter's editions (drafts, one per language title of a series)",
    body: ReleaseGroupCreate,
    status: 201,
    response: ReleaseGroup,
  },
  'GET /release-groups/:id': {
    access: EDITOR,
    summary: 'One release group, its members and their readiness',
    params: IdParams,
    response: ReleaseGroup,
  },
  'PATCH /release-groups/:id': {
    access: EDITOR,
    summary: "Changes a group's name, members, partial-readiness choice or time zones (at the version read)",
    params: IdParams,
    body: ReleaseGroupPatch,
    response: ReleaseGroup,
  },
  'PUT /release-groups/:id/schedule': {
    access: EDITOR,
    summary: 'Schedules the group at one time, or moves it (at the version read)',
    params: IdParams,
    body: ReleaseGroupSchedule,
    response: ReleaseGroup,
  },
  'POST /release-groups/:id/now': {
    access: EDITOR,
    summary: 'Releases the group now, as its partial-readiness choice says (at the version read)',
    params: IdParams,
    body: VersionQuery,
    response: ReleaseGroup,
  },
  'POST /release-groups/:id/cancel': {
    access: EDITOR,
    summary: 'Cancels the group: its chapters stay drafts (at the version read)',
    params: IdParams,
    body: VersionQuery,
    response: ReleaseGroup,
  },
  'GET /calendar': {
    access: EDITOR,
    summary: 'Scheduled releases, release groups and ends of free reading in a window',
    query: CalendarQuery,
    response: Calendar,
  },
} as const satisfies Record<string, RouteSpec>;
