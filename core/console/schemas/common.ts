import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../roles.js';

/** Shapes shared by the console API's schemas (times: integer seconds UTC). */
export const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));
export const Roles = Type.Array(Role, { uniqueItems: true, maxItems: ROLES.length });
/** Language codes of core/languages.ts (a localizer's languages). */
export const Languages = Type.Array(Type.String({ minLength: 2, maxLength: 8, pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' }), {
  uniqueItems: true,
  maxItems: 16,
});
export const Id = Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 });
export const IdParams = Type.Object({ id: Id });
export const Seconds = Type.Integer({ minimum: 0 });
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: 256 });
export const Code = Type.String({ minLength: 6, maxLength: 32 });
export const Name = Type.String({ minLength: 1, maxLength: 100 });

const PROBLEM_CODES = [
  'unauthenticated',
  'forbidden',
  'csrf',
  'cross-origin',
  'validation',
  'not-found',
  'conflict',
  'throttled',
  'account-throttled',
  'locked',
  'bad-credentials',
  'bad-code',
  'reauth-required',
  'enrolment-invalid',
  'no-public-url',
  'token-lifetime',
  'weak-password',
  'common-password',
  'personal-password',
  'guessable-password',
  'last-factor',
  'disabled',
  'internal',
  // Catalog, uploads and releases
  'duplicate-name',
  'not-an-image',
  'empty-file',
  'image-too-large',
  'animated-image',
  'cmyk-image',
  'bad-archive',
  'encrypted-archive',
  'archive-too-large',
  'too-many-pages',
  'unsafe-path',
  'upload-too-large',
  'chapter-quota',
  'member-quota',
  'upload-unknown',
  'no-pages',
  'wrong-state',
  'field-forbidden',
  'gone',
  'points-at-draft',
] as const;
/** A failure (RFC 9457 application/problem+json); `code` is what the console app translates. */
export const Problem = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  code: Type.Union(PROBLEM_CODES.map((c) => Type.Literal(c))),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  retryAfter: Type.Optional(Type.Integer()),
  /** A 409 `conflict` carries the record as it is now (the console shows what changed). */
  current: Type.Optional(Type.Unknown()),
});
export type Problem = Static<typeof Problem>;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const Member = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  roles: Roles,
  languages: Type.Array(Type.String()),
});
export type Member = Static<typeof Member>;
