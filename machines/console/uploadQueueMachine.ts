import { assign, setup } from 'xstate';

/**
 * A chapter upload from the browser: files are queued (images, a
 * folder's images, or one CBZ/ZIP), sent resumably (tus), each with its own
 * progress; a dropped connection pauses the queue and it resumes where it
 * stopped when the browser is back online; a failed file can be retried, the
 * whole upload cancelled. Once every file is sent the server processes them
 * as a job whose progress the screen follows, until the pages are on the
 * board or the job is refused with a reason. A dropped folder the browser
 * would not read is refused whole, and said so, naming it: nothing of that
 * drop is queued. Files picked or dropped start at once, unless the member
 * keeps the confirm step (`confirmFirst`, their setting on this device):
 * then they wait, removable, until Upload is pressed.
 */
export interface QueuedFile {
  id: string;
  name: string;
  size: number;
  sent: number;
  status: 'waiting' | 'sending' | 'sent' | 'failed';
  /** The tus upload's id once sent. */
  uploadId: string | null;
  code: string | null;
}

export interface UploadQueueContext {
  files: QueuedFile[];
  processed: number;
  toProcess: number;
  problem: string | null;
  /** The part of the last drop the browser would not read (nothing of that drop was queued), until files are added. */
  unreadable: { path: string; folder: boolean } | null;
  /** Files wait for Upload to be pressed (the member's setting), else they go as they are added. */
  confirmFirst: boolean;
}

export interface UploadQueueInput {
  confirmFirst?: boolean;
}

export type UploadQueueEvent =
  | { type: 'files.add'; files: Array<{ id: string; name: string; size: number }> }
  | { type: 'drop.unreadable'; path: string; folder: boolean }
  | { type: 'confirm.set'; confirm: boolean }
  | { type: 'file.remove'; id: string }
  | { type: 'queue.clear' }
  | { type: 'upload.start' }
  | { type: 'file.progress'; id: string; sent: number }
  | { type: 'file.sent'; id: string; uploadId: string }
  | { type: 'file.failed'; id: string; code: string }
  | { type: 'upload.complete' }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' }
  | { type: 'connection.lost' }
  | { type: 'connection.back' }
  | { type: 'processing.progress'; done: number; total: number }
  | { type: 'processing.done' }
  | { type: 'processing.failed'; code: string };

const patch = (files: QueuedFile[], id: string, change: Partial<QueuedFile>) => files.map((f) => (f.id === id ? { ...f, ...change } : f));

const empty = { files: [], processed: 0, toProcess: 0, problem: null, unreadable: null } satisfies Omit<UploadQueueContext, 'confirmFirst'>;

/** Files added where nothing is queued: they wait for Upload (the confirm step kept), or start at once. */
const addToIdle = [
  { guard: 'confirmsFirst', target: 'ready', actions: 'addFiles' },
  { target: 'uploading', actions: ['addFiles', 'startUpload'] },
] as const;

export const uploadQueueMachine = setup({
  types: { context: {} as UploadQueueContext, events: {} as UploadQueueEvent, input: undefined as UploadQueueInput | undefined },
  actions: {
    addFiles: assign({
      files: ({ context, event }) =>
        event.type === 'files.add'
          ? [
              // A file added again (same id) replaces its earlier entry.
              ...context.files.filter((f) => f.status !== 'sent' && !event.files.some((n) => n.id === f.id)),
              ...event.files.map((f) => ({ ...f, sent: 0, status: 'waiting' as const, uploadId: null, code: null })),
            ]
          : context.files,
      processed: 0,
      toProcess: 0,
      problem: null,
      unreadable: null,
    }),
    reset: assign(() => empty),
    /** Remembers the setting where the member keeps it (this device's storage). */
    saveConfirm: (_, _p: { confirm: boolean }) => {},
    startUpload: () => {},
    cancelUpload: () => {},
    retryUpload: () => {},
    removeFile: (_, _p: { id: string }) => {},
    /** Asks the server to process the sent files (their tus ids, in the queue's order). */
    startProcessing: (_, _p: { uploads: string[] }) => {},
    watchProcessing: () => {},
    stopWatching: () => {},
    processingDone: () => {},
  },
  guards: {
    confirmsFirst: ({ context }) => context.confirmFirst,
    allSent: ({ context }) => context.files.length > 0 && context.files.every((f) => f.status === 'sent'),
    lastFile: ({ context, event }) => event.type === 'file.remove' && context.files.every((f) => f.id === event.id),
  },
}).createMachine({
  id: 'consoleUploadQueue',
  context: ({ input }) => ({ ...empty, confirmFirst: input?.confirmFirst ?? false }),
  initial: 'empty',
  // The folder is walked after the drop (the browser answers later): the queue may have moved on meanwhile, and the refusal is still said.
  on: {
    'drop.unreadable': { actions: assign({ unreadable: ({ event }) => ({ path: event.path, folder: event.folder }) }) },
    // The setting holds for the next files added; a queue already waiting still waits for Upload.
    'confirm.set': {
      actions: [
        assign({ confirmFirst: ({ event }) => event.confirm }),
        { type: 'saveConfirm', params: ({ event }) => ({ confirm: event.confirm }) },
      ],
    },
  },
  states: {
    empty: {
      on: { 'files.add': addToIdle },
    },
    ready: {
      on: {
        'files.add': { actions: 'addFiles' },
        'file.remove': [
          {
            guard: 'lastFile',
            target: 'empty',
            actions: [{ type: 'removeFile', params: ({ event }) => ({ id: event.id }) }, 'reset'],
          },
          {
            actions: [
              { type: 'removeFile', params: ({ event }) => ({ id: event.id }) },
              assign({ files: ({ context, event }) => context.files.filter((f) => f.id !== event.id) }),
            ],
          },
        ],
        'queue.clear': { target: 'empty', actions: [{ type: 'cancelUpload' }, 'reset'] },
        'upload.start': { target: 'uploading', actions: 'startUpload' },
      },
    },
    uploading: {
      on: {
        'file.progress': {
          actions: assign({ files: ({ context, event }) => patch(context.files, event.id, { sent: event.sent, status: 'sending' }) }),
        },
        'file.sent': {
          actions: assign({
            files: ({ context, event }) =>
              patch(context.files, event.id, {
                status: 'sent',
                uploadId: event.uploadId,
                sent: context.files.find((f) => f.id === event.id)?.size ?? 0,
              }),
          }),
        },
        'file.failed': {
          actions: assign({ files: ({ context, event }) => patch(context.files, event.id, { status: 'failed', code: event.code }) }),
        },
        'upload.complete': [
          {
            guard: 'allSent',
            target: 'processing',
            actions: [
              assign({ toProcess: ({ context }) => context.files.length }),
              { type: 'startProcessing', params: ({ context }) => ({ uploads: context.files.map((f) => f.uploadId ?? '') }) },
            ],
          },
          { target: 'stopped' },
        ],
        'connection.lost': 'offline',
        'upload.cancel': { target: 'empty', actions: ['cancelUpload', 'reset'] },
      },
    },
    // The tus client keeps what was sent; back online, each file goes on from its last offset.
    offline: {
      on: {
        'connection.back': { target: 'uploading', actions: 'retryUpload' },
        'upload.cancel': { target: 'empty', actions: ['cancelUpload', 'reset'] },
      },
    },
    // Some files failed: retry them, or cancel the lot.
    stopped: {
      on: {
        'upload.retry': {
          target: 'uploading',
          actions: [
            assign({
              files: ({ context }) => context.files.map((f) => (f.status === 'failed' ? { ...f, status: 'waiting', code: null } : f)),
            }),
            'retryUpload',
          ],
        },
        'upload.cancel': { target: 'empty', actions: ['cancelUpload', 'reset'] },
      },
    },
    processing: {
      entry: 'watchProcessing',
      exit: 'stopWatching',
      on: {
        'processing.progress': { actions: assign({ processed: ({ event }) => event.done, toProcess: ({ event }) => event.total }) },
        'processing.done': { target: 'done', actions: ['processingDone', assign({ files: [] })] },
        'processing.failed': { target: 'rejected', actions: assign({ problem: ({ event }) => event.code, files: [] }) },
      },
    },
    done: {
      on: { 'files.add': addToIdle },
    },
    rejected: {
      on: {
        'files.add': addToIdle,
        'queue.clear': { target: 'empty', actions: 'reset' },
      },
    },
  },
});
