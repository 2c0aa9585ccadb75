import { useEffect, useState } from 'react';
import type { SuccessResult } from '../../core/gen/manga/v1/response_pb';
import { reportLoadError } from './loadErrors';
import { call, type CallOptions } from './client';

/**
 * A small hook for a screen whose whole content is one GET:
 *
 *   const home = useApi('/web/web_homeV4', { query: langQuery() },
 *     (r) => (r.data.case === 'webHomeViewV4' ? r.data.value : undefined));
 *   if (home.status === 'loading') return <Loading />;
 *
 * It refetches when path or query change (compared by value), aborts on
 * unmount, and by default sends a failure to the global error state
 * (documents §8: a failed screen load replaces the screen). Pass
 * `report: false` for secondary calls whose failure the screen absorbs.
 * A selector returning undefined (wrong view case) counts as a failure.
 * Screens with a real lifecycle should use a machine instead.
 */
export type ApiState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ok'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

export interface UseApiOptions extends Omit<CallOptions, 'signal'> {
  report?: boolean;
  /** Skip the call (e.g. a missing param); state stays loading. */
  enabled?: boolean;
}

export function useApi<T>(path: string, opts: UseApiOptions, select: (r: SuccessResult) => T | undefined): ApiState<T> {
  const { report = true, enabled = true, ...callOpts } = opts;
  const key = JSON.stringify([path, callOpts.query, callOpts.method, callOpts.body, callOpts.base, enabled]);
  // The outcome of the call made for `key`; any other key's outcome reads as loading.
  const [outcome, setOutcome] = useState<{ key: string; state: ApiState<T> } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const ctrl = new AbortController();
    call(path, { ...callOpts, signal: ctrl.signal })
      .then((r) => {
        const data = select(r);
        if (data === undefined) throw new Error(`unexpected view ${r.data.case ?? 'none'} for ${path}`);
        if (!ctrl.signal.aborted) setOutcome({ key, state: { status: 'ok', data } });
      })
      .catch((error: unknown) => {
        if (ctrl.signal.aborted) return;
        setOutcome({ key, state: { status: 'error', error } });
        if (report) reportLoadError(error);
      });
    return () => ctrl.abort();
    // key holds every input by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return outcome?.key === key ? outcome.state : LOADING;
}

const LOADING = { status: 'loading' } as const;
