import type { AnyActorRef } from 'xstate';

/**
 * A JSON-safe copy of a value for the machine explorer's records: drops
 * functions and cycles, writes actor refs as "[actor id]", bigints as text,
 * and gives up (null) on what cannot be copied.
 */
export function plain(v: unknown): unknown {
  if (v === undefined) return null;
  const seen = new WeakSet();
  try {
    return JSON.parse(
      JSON.stringify(v, (_k, x: unknown) => {
        if (typeof x === 'function') return undefined;
        if (typeof x === 'bigint') return String(x);
        if (x && typeof x === 'object') {
          if ('sessionId' in x && 'send' in x) return `[actor ${(x as AnyActorRef).id}]`;
          if (seen.has(x)) return undefined;
          seen.add(x);
        }
        return x;
      }) ?? 'null',
    ) as unknown;
  } catch {
    return null;
  }
}
