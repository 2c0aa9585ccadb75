import { useCallback, useEffect, useState } from 'react';
import { api, problemCode } from '../api/client';
import { addressOf, type Answer, type CallArgs } from '../api/call';
import type { ConsoleRouteKey } from '../../core/console/routes';

/** A GET the screen shows: its answer, its failure code, and a reload after a change (a null path asks nothing). */
export function useLoad<T>(path: string | null): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    if (path === null) return;
    api<T>('GET', path).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
      },
      (e: unknown) => {
        if (live) setError(problemCode(e));
      },
    );
    return () => {
      live = false;
    };
  }, [path, n]);
  return { data, error, reload: useCallback(() => setN((x) => x + 1), []) };
}

type GetKey = Extract<ConsoleRouteKey, `GET ${string}`>;

/**
 * A GET of the route table (core/console/routes/) the screen shows, by its
 * key: params and query typed by its entry, the answer by its response
 * schema (null args ask nothing).
 */
export function useCall<K extends GetKey>(
  key: K,
  args: CallArgs<K> | null,
): { data: Answer<K> | null; error: string | null; reload: () => void } {
  return useLoad<Answer<K>>(args === null ? null : addressOf(key, args as { params?: object; query?: object }));
}
