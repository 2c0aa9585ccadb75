/**
 * The reader's addresses (000 §2, 001 §2) as plain data: the patterns of the
 * browser's route table (src/app/routes.tsx pairs each name with what it
 * shows, and takes every path from here) and the values some parameters are
 * limited to. The server needs them too: it answers 404 for a path no route
 * matches (server/plugins/web.ts), and may import neither src/ nor a router.
 */

/** The tabs of the ranking and the manga list: the route table accepts these and the screens draw them. */
export const RANKING_TABS = ['hottest', 'trending', 'completed'] as const;
export type RankingTab = (typeof RANKING_TABS)[number];

export const MANGA_LIST_TABS = ['ongoing', 'completed', 'one_shot'] as const;
export type MangaListTab = (typeof MANGA_LIST_TABS)[number];

/** Old list addresses (linked from home and breadcrumbs) that land on ongoing. */
export const MANGA_LIST_ALIASES = ['all', 'browser_a', 'browser_z', 'updated'] as const;

/** Campaign redirect pages (001 §2): US and France install links. */
export const CAMPAIGN_PAGES: readonly string[] = [
  '/androidtopus',
  '/iostopus',
  '/webtopus',
  '/topus',
  '/popus',
  '/androidtopfr',
  '/iostopfr',
  '/webtopfr',
  '/topfr',
  '/popfr',
];

/** Routes outside the shell (matched first), by name; wouter's patterns (`:name` is one path segment). */
export const OUTSIDE_PATHS = {
  root: '/',
  main: '/main',
  viewer: '/viewer/:chapterId',
  webviewAnnouncement: '/webview/announcement/:language',
  webviewFaq: '/webview/faq/:language',
  webviewQuestionnaire: '/webview/questionnaire/:lang/:questionnaire_key',
  terms: '/terms_web_ja',
} as const;
export type OutsideRoute = keyof typeof OUTSIDE_PATHS;

/** Routes inside the shell (header, footer, side menu), by name. */
export const SHELL_PATHS = {
  updates: '/updates',
  featured: '/featured',
  favorited: '/favorited',
  rankingHome: '/ranking',
  ranking: '/ranking/:tab',
  mangaListHome: '/manga_list',
  mangaList: '/manga_list/:tab',
  title: '/titles/:id',
  comments: '/comments/:id',
  search: '/search_result',
  announcements: '/announcement',
  announcement: '/announcement/:language',
  publisherNews: '/publisher_news/:publisherId',
  feedback: '/feedback',
  history: '/history',
  linkDevice: '/link_device',
  downloads: '/downloads',
  about: '/about_us',
  ratingHome: '/rating',
  rating: '/rating/:language',
  faq: '/faq',
  blocking: '/blocking',
  maintenance: '/maintenance',
  error: '/error',
  machines: '/machines',
  machine: '/machines/:name',
} as const;
export type ShellRoute = keyof typeof SHELL_PATHS;

/** Shell routes that exist only where the machine explorer is on. */
export const EXPLORER_ROUTES: readonly ShellRoute[] = ['machines', 'machine'];

/** Parameters a route takes only some values of: any other renders the not-found page. */
const PARAM_VALUES: Partial<Record<ShellRoute, Record<string, readonly string[]>>> = {
  ranking: { tab: RANKING_TABS },
  mangaList: { tab: [...MANGA_LIST_TABS, ...MANGA_LIST_ALIASES] },
};

/**
 * A path's parameters under a pattern, matched as wouter matches (regexparam: case-insensitive, a
 * trailing slash allowed, the path's escapes decoded first); null when it does not match.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const keys: string[] = [];
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (!seg.startsWith(':')) return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      keys.push(seg.slice(1));
      return '/([^/]+?)';
    })
    .join('');
  const m = new RegExp(`^${source}/?$`, 'i').exec(decoded(path));
  if (!m) return null;
  return Object.fromEntries(keys.map((k, i) => [k, m[i + 1] ?? '']));
}

function decoded(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

/**
 * Whether a path (no query) is one of the reader's routes: what the app renders there is a
 * screen, a redirect or a page of its own, not the not-found page its table falls back to.
 * (A route's screen may still find nothing to show, as an unknown title: that takes its data.)
 */
export function isAppPath(path: string, o: { explorer: boolean }): boolean {
  if (Object.values(OUTSIDE_PATHS).some((p) => matchPath(p, path)) || CAMPAIGN_PAGES.some((p) => matchPath(p, path))) return true;
  return (Object.entries(SHELL_PATHS) as [ShellRoute, string][]).some(([name, pattern]) => {
    if (!o.explorer && EXPLORER_ROUTES.includes(name)) return false;
    const params = matchPath(pattern, path);
    if (!params) return false;
    const allowed = PARAM_VALUES[name] ?? {};
    return Object.entries(allowed).every(([k, values]) => values.includes(params[k] ?? ''));
  });
}
