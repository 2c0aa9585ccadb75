/**
 * The console's one way to its JSON API (/console/api): JSON in and out,
 * `X-Console-Request: 1` on every write (the CSRF header a foreign page cannot
 * send without a preflight the API never answers), and every failure, an
 * RFC 9457 problem, turned into a ConsoleProblem with its stable `code`.
 * A 401 'unauthenticated' on any call is also told to the session (the
 * member was signed out: idle, disabled, or ended elsewhere).
 */
export const API_BASE = '/console/api';

export class ConsoleProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly retryAfter: number | null = null,
    readonly errors: ReadonlyArray<{ path: string; message: string }> = [],
    /** A 409 'conflict': the record as it is now. */
    readonly current: unknown = null,
  ) {
    super(detail);
    this.name = 'ConsoleProblem';
  }
}

type Listener = () => void;
const unauthenticated = new Set<Listener>();

/** Called whenever a call is answered 401 'unauthenticated'. */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticated.add(listener);
  return () => unauthenticated.delete(listener);
}

interface ProblemBody {
  code?: string;
  title?: string;
  detail?: string;
  retryAfter?: number;
  errors?: Array<{ path: string; message: string }>;
  current?: unknown;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : { type: 'application/json', data: JSON.stringify(body) });
}

/** A file as the request's whole body (a title image), with its own content type. */
export function apiFile<T>(path: string, file: Blob): Promise<T> {
  return send<T>('POST', path, { type: file.type || 'application/octet-stream', data: file });
}

/** A file as the request's raw body (an image upload), with its own content type. */
export async function upload<T>(path: string, file: Blob): Promise<T> {
  return send<T>('PUT', path, { type: file.type || 'application/octet-stream', data: file });
}

async function send<T>(method: Method, path: string, body?: { type: string; data: BodyInit }): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-console-request'] = '1';
  if (body !== undefined) headers['content-type'] = body.type;
  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: body.data }),
    });
  } catch (e) {
    throw new ConsoleProblem(0, 'network', (e as Error).message);
  }
  if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
  const p = (await res.json().catch(() => ({}))) as ProblemBody;
  const header = Number(res.headers.get('retry-after'));
  const problem = new ConsoleProblem(
    res.status,
    p.code ?? `http-${res.status}`,
    p.detail ?? p.title ?? res.statusText,
    p.retryAfter ?? (Number.isFinite(header) && header > 0 ? header : null),
    p.errors ?? [],
    p.current ?? null,
  );
  if (problem.status === 401 && problem.code === 'unauthenticated') for (const l of unauthenticated) l();
  throw problem;
}

/** The problem code of any thrown value ('failed' for anything that is not a ConsoleProblem). */
export const problemCode = (e: unknown): string => (e instanceof ConsoleProblem ? e.code : 'failed');
