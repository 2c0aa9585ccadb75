import { assign, setup } from 'xstate';

/**
 * One chapter saved for offline reading (the "Save for offline" button of
 * the title page's chapter list and the viewer's chrome; the downloads
 * screen): not saved (idle), queued behind other downloads, downloading with
 * progress (pages done of total), then saved, failed (quota: the device's
 * storage is full; nothing half-saved is kept) or cancelled; a saved chapter
 * can be removed. A failed, cancelled or removed chapter can be saved again.
 * Effects are provided actions: `enqueue` starts the download (it answers
 * 'download.start' when it begins, 'download.progress', then
 * 'download.saved' or 'download.failed'), `abort` stops it, `discard`
 * deletes the saved copy.
 */
export type DownloadFailure = 'quota' | 'failed';

export interface DownloadContext {
  done: number;
  total: number;
  /** Bytes stored once saved. */
  bytes: number;
  error: DownloadFailure | null;
}

export type DownloadEvent =
  | { type: 'download.request' }
  | { type: 'download.start'; total: number }
  | { type: 'download.progress'; done: number; total: number }
  | { type: 'download.saved'; bytes: number }
  | { type: 'download.failed'; reason: DownloadFailure }
  | { type: 'download.cancel' }
  | { type: 'download.remove' };

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    input: {} as { saved: boolean; bytes?: number },
    events: {} as DownloadEvent,
  },
  actions: {
    enqueue: () => {},
    abort: () => {},
    discard: () => {},
    reset: assign({ done: 0, total: 0, bytes: 0, error: null }),
    setStart: assign({ total: ({ event }) => (event.type === 'download.start' ? event.total : 0) }),
    setProgress: assign(({ event, context }) => (event.type === 'download.progress' ? { done: event.done, total: event.total } : context)),
    setSaved: assign({ bytes: ({ event }) => (event.type === 'download.saved' ? event.bytes : 0) }),
    setError: assign({ error: ({ event }) => (event.type === 'download.failed' ? event.reason : null) }),
  },
  guards: {
    startsSaved: ({ context }) => context.bytes > 0,
  },
}).createMachine({
  id: 'download',
  context: ({ input }) => ({ done: 0, total: 0, bytes: input.saved ? Math.max(1, input.bytes ?? 1) : 0, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startsSaved', target: 'saved' }, { target: 'idle' }],
    },
    idle: {
      on: { 'download.request': { target: 'queued', actions: 'reset' } },
    },
    queued: {
      entry: 'enqueue',
      on: {
        'download.start': { target: 'downloading', actions: 'setStart' },
        'download.cancel': { target: 'cancelled', actions: 'abort' },
      },
    },
    downloading: {
      on: {
        'download.progress': { actions: 'setProgress' },
        'download.saved': { target: 'saved', actions: 'setSaved' },
        'download.failed': { target: 'failed', actions: 'setError' },
        'download.cancel': { target: 'cancelled', actions: 'abort' },
      },
    },
    saved: {
      on: { 'download.remove': { target: 'removed', actions: 'discard' } },
    },
    failed: {
      on: { 'download.request': { target: 'queued', actions: 'reset' } },
    },
    cancelled: {
      on: { 'download.request': { target: 'queued', actions: 'reset' } },
    },
    removed: {
      on: { 'download.request': { target: 'queued', actions: 'reset' } },
    },
  },
});
