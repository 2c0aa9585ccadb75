/**
 * The tabs of the ranking and the manga list (000 §2): the route table
 * accepts these and the screens draw them, so both read them from here.
 */
export const RANKING_TABS = ['hottest', 'trending', 'completed'] as const;
export type RankingTab = (typeof RANKING_TABS)[number];

export const MANGA_LIST_TABS = ['ongoing', 'completed', 'one_shot'] as const;
export type MangaListTab = (typeof MANGA_LIST_TABS)[number];

/** Old list addresses (linked from home and breadcrumbs) that land on ongoing. */
export const MANGA_LIST_ALIASES = ['all', 'browser_a', 'browser_z', 'updated'] as const;
