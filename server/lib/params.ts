import type { FastifyRequest } from 'fastify';
import { errors } from './errors.js';
import { byCode, DEFAULT_LANGUAGE, type LanguageInfo } from '../../core/languages.js';

export type Params = Record<string, unknown>;

/** The request's parameters: the query, plus a form or JSON object body (POST/PUT). */
export function params(req: FastifyRequest): Params {
  const q = (req.query ?? {}) as Params;
  const b = req.body;
  if (b && typeof b === 'object' && !Array.isArray(b) && !(b instanceof Buffer)) return { ...(b as Params), ...q };
  return q;
}

/** One value: repeated parameters and non-strings are malformed. */
function one(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') throw errors.badParam(name, 'must be given once');
  return v;
}

const UINT = /^[0-9]{1,10}$/;

/** A required unsigned 32-bit id. */
export function uintParam(p: Params, name: string): number {
  const v = one(p, name);
  if (v === undefined) throw errors.badParam(name, 'is missing');
  if (!UINT.test(v) || Number(v) > 0xffffffff) throw errors.badParam(name, 'must be an unsigned integer');
  return Number(v);
}

/** One of a fixed set of values; the default when absent. */
export function enumParam<T extends string>(p: Params, name: string, allowed: readonly T[], dflt: T): T {
  const v = one(p, name);
  if (v === undefined) return dflt;
  if (!(allowed as readonly string[]).includes(v)) throw errors.badParam(name, `must be one of ${allowed.join('|')}`);
  return v as T;
}

/** A free string, at most max characters. */
export function strParam(p: Params, name: string, max: number, opts: { required?: boolean; min?: number } = {}): string {
  const v = one(p, name);
  if (v === undefined) {
    if (opts.required) throw errors.badParam(name, 'is missing');
    return '';
  }
  const n = [...v].length;
  if (n > max) throw errors.badParam(name, `is longer than ${max} characters`);
  if (opts.min && n < opts.min) throw errors.badParam(name, `is shorter than ${opts.min} characters`);
  return v;
}

/** lang: a service code (eng, esp...); English when absent. */
export function langParam(p: Params, name = 'lang'): LanguageInfo {
  const v = one(p, name);
  if (v === undefined) return DEFAULT_LANGUAGE;
  const l = byCode(v);
  if (!l) throw errors.badParam(name, 'is not a known language code');
  return l;
}

/**
 * clang: a comma list of content languages (short codes; service codes are
 * accepted too, as some clients send them). Absent or empty: every language.
 * Answers the enum values in the reader's order (lists show a series in the first), or null for "all".
 */
export function clangParam(p: Params, name = 'clang'): number[] | null {
  const v = p[name];
  if (v === undefined || v === null || v === '') return null;
  const raw = (Array.isArray(v) ? v.join(',') : typeof v === 'string' || typeof v === 'number' ? String(v) : '?')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (raw.length === 0) return null;
  if (raw.length > 20) throw errors.badParam(name, 'lists too many languages');
  const set = new Set<number>();
  for (const code of raw) {
    const l = byCode(code);
    if (!l) throw errors.badParam(name, `has an unknown language code ${code.slice(0, 10)}`);
    set.add(l.language);
  }
  return [...set];
}

/** Absolute base for URLs we hand out: PUBLIC_URL, else the request's own origin. */
export function baseUrl(req: FastifyRequest, publicUrl: string): string {
  if (publicUrl) return publicUrl;
  return `${req.protocol}://${req.host}`;
}
