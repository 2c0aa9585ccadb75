/**
 * Something made at its first use (a library loaded, a client or server
 * built), then shared: `get()` makes it once and hands every caller the same
 * promise. A making that fails is forgotten, so the next call tries again
 * rather than failing for good. `made()` is what has been made so far, if
 * anything (to close it).
 */
export function firstUse<T>(make: () => Promise<T>): { get: () => Promise<T>; made: () => Promise<T> | undefined } {
  let p: Promise<T> | undefined;
  return {
    get: () =>
      (p ??= make().catch((err: unknown) => {
        p = undefined;
        throw err;
      })),
    made: () => p,
  };
}
