import { useLayoutEffect, useRef } from 'react';
import { ConsoleProblem, problemCode } from '../api/client';

/**
 * What a machine's provided effects read when they run (on events, after a
 * render, never while rendering): the screen's props as last rendered, kept
 * in a ref so the machine is made once and its writes carry the record's
 * version as it is now.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** The three ways a versioned write comes back to an editor's machine (its save.done, save.conflict and save.failed). */
export interface WriteAnswer<T> {
  done: (answer: T) => void;
  /** A 409 'conflict': another editor changed the record; the problem carries it as it is now. */
  conflict: (problem: ConsoleProblem) => void;
  failed: (code: string) => void;
}

/** Tells a versioned write's answer to its editor: done with the record, a conflict, or any other failure by its code. */
export function answered<T>(write: Promise<T>, on: WriteAnswer<T>): void {
  write.then(on.done, (e: unknown) => (e instanceof ConsoleProblem && e.code === 'conflict' ? on.conflict(e) : on.failed(problemCode(e))));
}
