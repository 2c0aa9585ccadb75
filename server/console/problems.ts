import type { Problem, ProblemCode } from '../../core/console/schemas/common.js';

/** A console API failure, answered as application/problem+json (RFC 9457) by the console scope. */
export class ConsoleProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly title: string,
    readonly detail: string,
    readonly extra: { errors?: { path: string; message: string }[]; retryAfter?: number; current?: unknown } = {},
  ) {
    super(detail);
  }
}

export const problems = {
  unauthenticated: () => new ConsoleProblem(401, 'unauthenticated', 'Not signed in', 'Sign in to the console first.'),
  forbidden: (detail = 'Your roles do not allow this.') => new ConsoleProblem(403, 'forbidden', 'Forbidden', detail),
  csrf: () =>
    new ConsoleProblem(403, 'csrf', 'Cross-site request refused', 'A console write needs the X-Console-Request header and the same site.'),
  crossOrigin: () =>
    new ConsoleProblem(403, 'cross-origin', 'Cross-origin request refused', "A console write must come from the console's own origin."),
  validation: (errors: { path: string; message: string }[], detail = 'The request is not valid.') =>
    new ConsoleProblem(400, 'validation', 'Invalid request', detail, { errors }),
  notFound: (what = 'This console address does not exist.') => new ConsoleProblem(404, 'not-found', 'Not found', what),
  conflict: (detail = 'It was changed meanwhile: reload and try again.') => new ConsoleProblem(409, 'conflict', 'Conflict', detail),
  throttled: (retryAfter: number) =>
    new ConsoleProblem(429, 'throttled', 'Too many attempts', `Wait ${retryAfter} s before trying again.`, { retryAfter }),
  accountThrottled: (retryAfter: number) =>
    new ConsoleProblem(
      429,
      'account-throttled',
      'Account slowed down',
      `Many failed sign-ins to this account: wait ${retryAfter} s, or sign in with your password and a recovery code.`,
      { retryAfter },
    ),
  badCredentials: () => new ConsoleProblem(401, 'bad-credentials', 'Wrong email or password', 'The email or the password is wrong.'),
  badCode: () => new ConsoleProblem(401, 'bad-code', 'Wrong code', 'The code is wrong, expired or already used.'),
  /** A field the caller's roles do not change (a localizer's non-text field), named by its path. */
  fieldForbidden: (field: string, detail: string) =>
    new ConsoleProblem(403, 'field-forbidden', 'Field not yours to change', detail, {
      errors: [{ path: `/body/${field}`, message: 'not changed by your roles' }],
    }),
  reauthRequired: () => new ConsoleProblem(403, 'reauth-required', 'Password needed', 'Enter your password again to make this change.'),
  enrolmentInvalid: () =>
    new ConsoleProblem(404, 'enrolment-invalid', 'Link not valid', 'This enrolment link is unknown, expired or already used.'),
  noPublicUrl: () =>
    new ConsoleProblem(503, 'no-public-url', 'No public address', 'Set PUBLIC_URL: in production enrolment links are made only from it.'),
  tokenLifetime: (days: number) =>
    new ConsoleProblem(400, 'token-lifetime', 'Expiry too far', `An API token lives at most ${days} days.`, {
      errors: [{ path: '/expiresAt', message: `must be within ${days} days` }],
    }),
  weakPassword: () => new ConsoleProblem(422, 'weak-password', 'Password too short', 'Use at least 12 characters.'),
  commonPassword: () =>
    new ConsoleProblem(422, 'common-password', 'Password too common', 'This password, or most of it, is on lists of breached passwords.'),
  personalPassword: () =>
    new ConsoleProblem(
      422,
      'personal-password',
      'Password too personal',
      "This password is made of your email, your name or the service's words (manga, reader, console).",
    ),
  guessablePassword: () =>
    new ConsoleProblem(
      422,
      'guessable-password',
      'Password too easy to guess',
      'This password is a pattern guessers try early: repeated characters, sequences, keyboard rows, dates or common words.',
    ),
  lastFactor: () => new ConsoleProblem(409, 'last-factor', 'Last second factor', 'Add another second factor before removing this one.'),
  disabled: () => new ConsoleProblem(403, 'disabled', 'Account disabled', 'This account is disabled: ask an owner.'),
  /** A stale write: the record as it is now travels with the answer (the console shows what changed). */
  conflictWith: (current: unknown, detail = 'Someone changed it meanwhile: look at their change, then try again.') =>
    new ConsoleProblem(409, 'conflict', 'Changed meanwhile', detail, { current }),
  duplicateName: (detail: string) => new ConsoleProblem(409, 'duplicate-name', 'Name taken', detail),
  wrongState: (detail: string) => new ConsoleProblem(409, 'wrong-state', 'Not possible now', detail),
  noPages: () => new ConsoleProblem(409, 'no-pages', 'No pages', 'A chapter cannot be released without pages.'),
  gone: (detail = 'The chapter was deleted meanwhile.') => new ConsoleProblem(404, 'gone', 'Gone', detail),
  bad: (status: number, code: ProblemCode, detail: string) => new ConsoleProblem(status, code, 'Cannot use this file', detail),
};

/** The problem document (type is a URN: the codes are stable names, not pages). */
export function problemBody(p: ConsoleProblem): Problem {
  return { type: `urn:problem:${p.code}`, title: p.title, status: p.status, detail: p.detail, code: p.code, ...p.extra };
}
