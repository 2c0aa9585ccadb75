import type { ChapterLifecycleEvent, ChapterStatus } from '../../machines/console/chapterLifecycleMachine';
import type { BoardPage, PageBoardEvent } from '../../machines/console/pageBoardMachine';
import type { UploadQueueEvent } from '../../machines/console/uploadQueueMachine';

/**
 * The events the console's catalog machines are explored with, shared by
 * their pure tests (machines/console/*.test.ts) and the model tests that run
 * the same paths on the real console (tests/model/consoleCatalog*.test.tsx).
 */
const STATUSES: ChapterStatus[] = ['draft', 'scheduled', 'live', 'down'];
export const CHAPTER_LIFECYCLE_EVENTS: ChapterLifecycleEvent[] = [
  ...STATUSES.map((status) => ({ type: 'chapter.loaded' as const, status, version: 1 })),
  { type: 'schedule.submit', releaseAt: 1_800_000_000, freeUntil: null },
  { type: 'release.now' },
  { type: 'schedule.withdraw' },
  { type: 'takedown.done', version: 2 },
  { type: 'chapter.restore' },
  ...STATUSES.map((status) => ({ type: 'save.done' as const, status, version: 2 })),
  { type: 'save.failed', code: 'no-pages' },
  { type: 'save.conflict', changes: [{ field: 'releaseAt', before: 1, after: 2 }] },
  { type: 'conflict.reload' },
];

// Versions and problems do not change what a state allows: explore by value and status.
export const byStatus = (s: { value: unknown; context: unknown }) =>
  `${JSON.stringify(s.value)}/${(s.context as { status: string }).status}`;

export const BOARD_PAGES: BoardPage[] = [
  { id: '1', type: 'SINGLE' },
  { id: '2', type: 'SINGLE' },
  { id: '3', type: 'DOUBLE' },
];
export const PAGE_BOARD_EVENTS: PageBoardEvent[] = [
  { type: 'board.loaded', pages: BOARD_PAGES, version: 1 },
  { type: 'page.grab', id: '1' },
  { type: 'page.move', by: 1 },
  { type: 'page.drop' },
  { type: 'page.cancel' },
  { type: 'page.drag', id: '3', to: 0 },
  { type: 'page.remove', id: '2' },
  { type: 'page.setType', id: '2', pageType: 'LEFT' },
  // The wide page made a double page, undone with one click on its card.
  { type: 'page.setType', id: '3', pageType: 'SINGLE' },
  { type: 'page.upload', mode: 'insert', at: 1 },
  { type: 'save.done', pages: BOARD_PAGES, version: 2 },
  { type: 'save.failed', code: 'not-found' },
  { type: 'save.conflict' },
  { type: 'conflict.reload' },
];

// The order is continuous: explore by state value.
export const byValue = (s: { value: unknown }) => JSON.stringify(s.value);

export const UPLOAD_QUEUE_EVENTS: UploadQueueEvent[] = [
  { type: 'files.add', files: [{ id: 'f1', name: '001.png', size: 100 }] },
  { type: 'files.add', files: [{ id: 'f2', name: '002.png', size: 100 }] },
  { type: 'drop.unreadable', path: 'ch3', folder: true },
  { type: 'confirm.set', confirm: true },
  { type: 'confirm.set', confirm: false },
  { type: 'file.remove', id: 'f1' },
  { type: 'queue.clear' },
  { type: 'upload.start' },
  { type: 'file.progress', id: 'f1', sent: 50 },
  { type: 'file.sent', id: 'f1', uploadId: 'u1' },
  { type: 'file.failed', id: 'f1', code: 'network' },
  { type: 'upload.complete' },
  { type: 'upload.cancel' },
  { type: 'upload.retry' },
  { type: 'connection.lost' },
  { type: 'connection.back' },
  { type: 'processing.progress', done: 1, total: 1 },
  { type: 'processing.done' },
  { type: 'processing.failed', code: 'bad-archive' },
];

// Byte counts are continuous: explore by state and each file's status, and by the confirm setting
// only where nothing is queued (where it decides what files added do): elsewhere it changes nothing.
const IDLE = ['"empty"', '"done"', '"rejected"'];
export const byStatuses = (s: { value: unknown; context: unknown }) => {
  const c = s.context as { files: Array<{ status: string }>; confirmFirst: boolean };
  const value = JSON.stringify(s.value);
  const setting = IDLE.includes(value) ? (c.confirmFirst ? '/confirm' : '/at-once') : '';
  return `${value}/${c.files.map((f) => f.status).join(',')}${setting}`;
};
