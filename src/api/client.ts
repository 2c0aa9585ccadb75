import { fromBinary } from '@bufbuild/protobuf';
import { ResponseSchema, type ErrorResult, type SuccessResult } from '../../core/gen/manga/v1/response_pb';
import { base64ToBytes } from '../lib/base64';
import { saveSession, storedSession } from '../lib/storage';
import { takePageAnswer } from './pageAnswers';
import { toSearch, type Query } from './query';

/** Request timeout (documents: section 9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** A rejected call: the server's error envelope, or a transport failure. */
export class ApiCallError extends Error {
  constructor(
    /** The server's error body; undefined for network failures and timeouts. */
    readonly error: ErrorResult | undefined,
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

function randomToken(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** The visitor's session id: 128 random bits, created on first use. */
export function sessionToken(): string {
  let t = storedSession();
  if (!t) {
    t = randomToken();
    // Saved with its cookie: the server renders the viewer's next first view for this visitor.
    saveSession(t);
  }
  return t;
}

export interface CallOptions {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Base path; the survey host defaults to the same /api. */
  base?: string;
}

/** The success answer the server put in the page for this path and query string (src/boot/pageData.ts), once; undefined when there is none. */
export function takeServerAnswer(pathAndQuery: string): SuccessResult | undefined {
  const b64 = takePageAnswer(pathAndQuery);
  if (b64 === undefined) return undefined;
  try {
    const r = fromBinary(ResponseSchema, base64ToBytes(b64));
    return r.result.case === 'success' ? r.result.value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and decodes the protobuf Response. Resolves with the success
 * result; rejects with ApiCallError carrying the error body (any response
 * with an error body is a rejected call).
 */
export async function call(path: string, opts: CallOptions = {}): Promise<SuccessResult> {
  // An answer the server already put in the page (server-rendered first view).
  if ((opts.method ?? 'GET') === 'GET' && opts.base === undefined) {
    const booted = takeServerAnswer(`${path}${toSearch(opts.query)}`);
    if (booted) return booted;
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const onAbort = () => ctrl.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const headers: Record<string, string> = { 'SESSION-TOKEN': sessionToken() };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    let res: Response;
    try {
      res = await fetch(`${opts.base ?? '/api'}${path}${toSearch(opts.query)}`, {
        method: opts.method ?? 'GET',
        headers,
        body: body ?? null,
        credentials: 'include',
        signal: ctrl.signal,
      });
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      throw new ApiCallError(undefined, `network: ${(e as Error).message}`);
    }
    const buf = new Uint8Array(await res.arrayBuffer());
    let decoded;
    try {
      decoded = fromBinary(ResponseSchema, buf);
    } catch {
      throw new ApiCallError(undefined, `undecodable answer (${res.status})`, res.status);
    }
    if (decoded.result.case === 'success') return decoded.result.value;
    if (decoded.result.case === 'error') {
      const err = decoded.result.value;
      throw new ApiCallError(err, err.debugInfo || `error ${res.status}`, res.status);
    }
    throw new ApiCallError(undefined, `empty answer (${res.status})`, res.status);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
