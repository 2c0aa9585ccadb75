import type { DraftPublishEvent, SeriesReaders } from '../../machines/console/draftPublishMachine';

/**
 * The events the draft/publish machine is explored with, shared by its pure
 * test (machines/console/draftPublishMachine.test.ts) and the model test that
 * runs the same paths on the real console (tests/model/consoleDraftPublish.test.tsx).
 */
const READERS: SeriesReaders[] = ['draft', 'soon', 'live'];
export const DRAFT_PUBLISH_EVENTS: DraftPublishEvent[] = [
  ...READERS.map((readers) => ({ type: 'series.loaded' as const, readers, version: 1 })),
  { type: 'publish.submit', soonAt: 1_900_000_000, soonText: 'Every Friday' },
  { type: 'unpublish.submit' },
  ...READERS.map((readers) => ({ type: 'save.done' as const, readers, version: 2 })),
  { type: 'save.failed', code: 'validation' },
  { type: 'save.conflict' },
  { type: 'conflict.reload' },
];

// Versions and problems do not change what a state allows: explore by value and the series' state.
export const byReadersState = (s: { value: unknown; context: unknown }) =>
  `${JSON.stringify(s.value)}/${(s.context as { readers: string }).readers}`;
