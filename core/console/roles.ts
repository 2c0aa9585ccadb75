/**
 * The console's roles and who may call each console API route (issue 30).
 * The server's console scope (server/routes/console/api/autohooks.ts) checks
 * every route against this table, failing closed; the console app uses it
 * to show only what a member's roles reach (the server still enforces).
 */
export const ROLES = ['owner', 'editor', 'localizer', 'moderator', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an API token may carry: staff and tokens themselves stay with signed-in owners. */
export const TOKEN_ROLES: readonly Role[] = ['editor', 'localizer', 'moderator', 'analyst'];

/**
 * Who may call a route: `public` (no session: enrolment and sign-in steps),
 * `member` (any signed-in member, not a token: their own session and
 * factors), or the roles that may (owner may do everything).
 */
export type Access = 'public' | 'member' | readonly Role[];

/** Issue 32 (the home): the editors'. */
const EDITOR: readonly Role[] = ['editor'];
const MODERATOR: readonly Role[] = ['moderator'];
const SURVEY_READ: readonly Role[] = ['editor', 'moderator', 'analyst'];
const ANSWERS: readonly Role[] = ['moderator', 'analyst'];

/**
 * The console API routes not yet described whole in the route table
 * (core/console/routes/): who may call each. Moved there area by area; the
 * table's `ROUTE_ACCESS` joins both.
 */
export const ACCESS_ONLY = {
  'GET /stats/summary': ['analyst'],
  // issue 33 (statistics): the analyst's dashboards
  'GET /stats/reading': ['analyst'],
  'GET /stats/reach': ['analyst'],
  'GET /stats/favorites': ['analyst'],
  'GET /stats/notifications': ['analyst'],
  'GET /stats/promos': ['analyst'],
  'GET /stats/surveys': ['analyst'],
  // Issue 32: banners, featured, popups, announcements, news, surveys, home preview, comments, feedback.
  'GET /banners': EDITOR,
  'POST /banners': EDITOR,
  'PUT /banners/order': EDITOR,
  'GET /banners/:id': EDITOR,
  'PATCH /banners/:id': EDITOR,
  'DELETE /banners/:id': EDITOR,
  'PUT /banners/:id/image': EDITOR,
  'GET /featured': EDITOR,
  'PUT /featured/blocks': EDITOR,
  'POST /featured/lists': EDITOR,
  'PATCH /featured/lists/:id': EDITOR,
  'DELETE /featured/lists/:id': EDITOR,
  'GET /popups': EDITOR,
  'POST /popups': EDITOR,
  'PATCH /popups/:id': EDITOR,
  'DELETE /popups/:id': EDITOR,
  'PUT /popups/:id/image': EDITOR,
  'GET /surveys': SURVEY_READ,
  'POST /surveys': EDITOR,
  'GET /surveys/:key': SURVEY_READ,
  'PATCH /surveys/:key': EDITOR,
  'DELETE /surveys/:key': EDITOR,
  'GET /surveys/:key/results': SURVEY_READ,
  'GET /surveys/:key/answers': ANSWERS,
  'GET /surveys/:key/answers/export': ANSWERS,
  'POST /preview-home': EDITOR,
  'DELETE /preview-home': EDITOR,
  'GET /comments': MODERATOR,
  'GET /comments/chapters': MODERATOR,
  'POST /comments/:id/hide': MODERATOR,
  'POST /comments/:id/delete': MODERATOR,
  'POST /comments/:id/restore': MODERATOR,
} as const satisfies Record<string, Access>;

/** Whether a holder of `roles` (a member or a token) may call a route of `access` (public and member aside). */
export function rolesAllow(access: readonly Role[], roles: readonly Role[]): boolean {
  return roles.includes('owner') || access.some((r) => roles.includes(r));
}

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
