/**
 * The console's roles, and what a route's access may say (each route's is in
 * the route table, core/console/routes/). The server's console scope
 * (server/routes/console/api/autohooks.ts) checks every call against it,
 * failing closed; the console app uses it to show only what a member's roles
 * reach (the server still enforces).
 */
export const ROLES = ['owner', 'editor', 'localizer', 'moderator', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an API token may carry: staff and tokens themselves stay with signed-in owners. */
export const TOKEN_ROLES: readonly Role[] = ['editor', 'localizer', 'moderator', 'analyst'];

/** The longest an API token may live (days from its making): the server refuses a later expiry, the console's form says it. */
export const TOKEN_MAX_DAYS = 90;

/**
 * Who may call a route: `public` (no session: enrolment and sign-in steps),
 * `member` (any signed-in member, not a token: their own session and
 * factors), or the roles that may (owner may do everything).
 */
export type Access = 'public' | 'member' | readonly Role[];

/** Whether a holder of `roles` (a member or a token) may call a route of `access` (public and member aside). */
export function rolesAllow(access: readonly Role[], roles: readonly Role[]): boolean {
  return roles.includes('owner') || access.some((r) => roles.includes(r));
}

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
