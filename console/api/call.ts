import { CONSOLE_ROUTES, type ConsoleRouteKey } from '../../core/console/routes';
import type { StaticOf } from '../../core/console/routes/spec';
import { api, apiFile, upload } from './client';

type Spec<K extends ConsoleRouteKey> = (typeof CONSOLE_ROUTES)[K];
type Slot<K extends ConsoleRouteKey, F extends string> = Spec<K> extends Record<F, infer S> ? StaticOf<S> : undefined;

/** What a route takes, by its entry: only the slots it has, each typed by its schema. */
export type CallArgs<K extends ConsoleRouteKey> = (Slot<K, 'params'> extends undefined ? object : { params: Slot<K, 'params'> }) &
  (Slot<K, 'query'> extends undefined ? object : { query: Slot<K, 'query'> }) &
  (Slot<K, 'body'> extends undefined ? object : { body: Slot<K, 'body'> });

/** What a route answers: its response schema's type, or nothing (204). */
export type Answer<K extends ConsoleRouteKey> = Slot<K, 'response'> extends undefined ? void : Slot<K, 'response'>;

type HasArgs<K extends ConsoleRouteKey> = object extends CallArgs<K> ? false : true;

/** A parameter's text: numbers, strings and booleans as they read; anything else as JSON. */
function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** The address of a route's call: its `:params` filled in, its query appended (empty and undefined values left out). */
export function addressOf(key: ConsoleRouteKey, args: { params?: object; query?: object }): string {
  const path = key.slice(key.indexOf(' ') + 1);
  const params = (args.params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null) throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(text(v));
  });
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((args.query ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? (v as unknown[]) : [v]) query.append(k, text(one));
  }
  const q = query.toString();
  return q ? `${filled}?${q}` : filled;
}

/**
 * Calls a console API route by its entry in the one table
 * (core/console/routes/): params, query and body typed by its schemas, the
 * answer by its response schema. Failures are client.ts's ConsoleProblem.
 */
export function call<K extends ConsoleRouteKey>(
  key: K,
  ...args: HasArgs<K> extends true ? [CallArgs<K>] : [CallArgs<K>?]
): Promise<Answer<K>> {
  const a = (args[0] ?? {}) as { params?: object; query?: object; body?: unknown };
  if (!(key in CONSOLE_ROUTES)) throw new Error(`${key} is not a console route`);
  const method = key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  return api<Answer<K>>(method, addressOf(key, a), a.body);
}

/**
 * Sends a file as the whole raw body of a route (an image upload: its entry
 * has no body schema), by its key: params and query as `call`'s, the file's
 * own content type, the answer by its response schema. PUT and POST only.
 */
export function callFile<K extends ConsoleRouteKey>(key: K, args: CallArgs<K>, file: Blob): Promise<Answer<K>> {
  if (!(key in CONSOLE_ROUTES)) throw new Error(`${key} is not a console route`);
  const address = addressOf(key, args as { params?: object; query?: object });
  if (key.startsWith('PUT ')) return upload<Answer<K>>(address, file);
  if (key.startsWith('POST ')) return apiFile<Answer<K>>(address, file);
  throw new Error(`${key}: a file goes up by PUT or POST`);
}
