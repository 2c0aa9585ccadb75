/**
 * Downloads run one at a time, in the order asked (src/features/offline/offlineStore.ts
 * saves each); a cancelled one that has not started is skipped, one
 * running is let go at once (its staging copy is deleted as it stops).
 */
import { QuotaError, saveChapter, type SavedChapter } from '../../features/offline/offlineStore';
import type { DownloadFailure } from '../../../machines/downloadMachine';

export interface DownloadHandlers {
  start: () => void;
  progress: (done: number, total: number) => void;
  saved: (chapter: SavedChapter) => void;
  failed: (reason: DownloadFailure) => void;
}

let queue: Promise<void> = Promise.resolve();
/** The controller of each chapter's queued or running download. */
const running = new Map<number, AbortController>();

/** Cancels a chapter's queued or running download. */
export function cancelDownload(chapterId: number): void {
  running.get(chapterId)?.abort();
  running.delete(chapterId);
}

/** Queues a chapter's download (cancelDownload stops it). */
export function enqueueDownload(chapterId: number, h: DownloadHandlers): void {
  const ctrl = new AbortController();
  running.set(chapterId, ctrl);
  queue = queue.then(async () => {
    if (ctrl.signal.aborted) return;
    // Started once the service worker is ready (the first progress); a cancel ends the wait at once.
    let started = false;
    const progress = (done: number, total: number) => {
      if (!started) h.start();
      started = true;
      h.progress(done, total);
    };
    const cancelled = new Promise<never>((_, reject) => ctrl.signal.addEventListener('abort', () => reject(ctrl.signal.reason as Error)));
    try {
      h.saved(await Promise.race([saveChapter(chapterId, ctrl.signal, progress), cancelled]));
    } catch (e) {
      if (!ctrl.signal.aborted) h.failed(e instanceof QuotaError ? 'quota' : 'failed');
    } finally {
      if (running.get(chapterId) === ctrl) running.delete(chapterId);
    }
  });
}
