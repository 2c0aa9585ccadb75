import type { ReleaseGroupEvent, ReleaseGroupStatus } from '../../machines/console/releaseGroupMachine';

/**
 * The events the release group machine is explored with, shared by its pure
 * test (machines/console/releaseGroupMachine.test.ts) and the model test that
 * runs the same paths on the real console (tests/model/consoleReleaseGroup.test.tsx).
 */
const STATUSES: ReleaseGroupStatus[] = ['draft', 'scheduled', 'held', 'released', 'cancelled'];
export const RELEASE_GROUP_EVENTS: ReleaseGroupEvent[] = [
  ...STATUSES.map((status) => ({ type: 'group.loaded' as const, status, version: 1, partial: 'block' as const })),
  { type: 'schedule.submit', startAt: 1_900_000_000, endAt: 0 },
  { type: 'partial.choose', partial: 'split' },
  { type: 'release.now' },
  { type: 'group.cancel' },
  ...STATUSES.map((status) => ({ type: 'save.done' as const, status, version: 2, partial: 'split' as const })),
  { type: 'save.failed', code: 'no-pages' },
  { type: 'save.conflict' },
  { type: 'conflict.reload' },
];

// Versions and problems do not change what a state allows: explore by value and status.
export const byGroupStatus = (s: { value: unknown; context: unknown }) =>
  `${JSON.stringify(s.value)}/${(s.context as { status: string }).status}`;
