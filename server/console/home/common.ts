import type { Phase } from '../../../core/console/schemas/home.js';
import { problems } from '../problems.js';

/**
 * What the home's areas share: phases and periods. (New ids are
 * server/repos/console/ids.ts's, telling every node the context's
 * `tellNodes`, a stale version's conflict server/console/write.ts's.)
 */

/** Where a row stands at `now`: a draft, before its period, in it, after it (end 0: open-ended). */
export function phaseOf(status: string, start: number, end: number, now: number): Phase {
  if (status === 'draft') return 'draft';
  if (now < start) return 'scheduled';
  return end !== 0 && now >= end ? 'ended' : 'live';
}

/** endAt null ↔ 0 in the row (the validator also reads a JSON null as 0: both mean open-ended). */
export const endOf = (end: number | null | undefined) => end ?? 0;
export const endAtOf = (end: number) => (Number(end) === 0 ? null : Number(end));

/** Refuses a period that ends before (or when) it starts. */
export function checkPeriod(start: number, end: number | null): void {
  if (end && end <= start)
    throw problems.validation([{ path: '/endAt', message: 'must be after the start' }], 'The end is before the start.');
}

/** A stored JSON column, parsed (the reader's own parser). */
export { parseJson as json } from '../../repos/promo.js';
