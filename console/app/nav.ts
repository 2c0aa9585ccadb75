import type { ConsoleRoute } from '../../core/console/routes';
import { reaches } from '../ui/access';

/** The console's areas: path, the API call that feeds it (its roles decide who sees it), name key. */
export const AREAS = [
  { path: '/', route: 'GET /session', key: 'home' },
  { path: '/me', route: 'GET /me/sessions', key: 'me' },
  { path: '/staff', route: 'GET /staff', key: 'staff' },
  { path: '/tokens', route: 'GET /tokens', key: 'tokens' },
  { path: '/audit', route: 'GET /audit', key: 'audit' },
  { path: '/catalog/titles', route: 'GET /catalog/titles', key: 'catalog' },
  { path: '/feedback', route: 'GET /feedback', key: 'feedback' },
  { path: '/stats', route: 'GET /stats/summary', key: 'stats' },
  // The home's banners, featured page, popups, texts, surveys, preview; the readers' voice.
  { path: '/banners', route: 'GET /banners', key: 'banners' },
  { path: '/featured', route: 'GET /featured', key: 'featured' },
  { path: '/popups', route: 'GET /popups', key: 'popups' },
  { path: '/announcements', route: 'GET /announcements', key: 'announcements' },
  { path: '/news', route: 'GET /news', key: 'news' },
  { path: '/surveys', route: 'GET /surveys', key: 'surveys' },
  { path: '/preview', route: 'POST /preview-home', key: 'preview' },
  { path: '/comments', route: 'GET /comments', key: 'moderation' },
  // Series, their titles and chapters
  { path: '/series', route: 'GET /series', key: 'series' },
  { path: '/calendar', route: 'GET /calendar', key: 'calendar' },
  { path: '/publishers', route: 'GET /publishers', key: 'publishers' },
  // A title's covers tested against each other
  { path: '/cover-tests', route: 'GET /cover-tests', key: 'coverTests' },
] as const satisfies ReadonlyArray<{ path: string; route: ConsoleRoute; key: string }>;

// Screens reached from an area (not in the menu), with the API call that feeds each.
export const DETAILS = [
  { path: '/series/:id', route: 'GET /series/:id', key: 'seriesEditor' },
  { path: '/titles/:id/chapters', route: 'GET /chapters', key: 'chapters' },
  { path: '/chapters/:id', route: 'GET /chapters/:id', key: 'chapter' },
  { path: '/chapters/:id/release-group', route: 'POST /release-groups', key: 'newReleaseGroup' },
  { path: '/releases/:id', route: 'GET /release-groups/:id', key: 'releaseGroup' },
  { path: '/cover-tests/:id', route: 'GET /cover-tests/:id', key: 'coverTest' },
] as const satisfies ReadonlyArray<{ path: string; route: ConsoleRoute; key: string }>;

export const areasFor = (roles: readonly string[]) => AREAS.filter((a) => reaches(a.route, roles));
