import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog';
import { addressOf } from '../../api/call';
import { API_BASE } from '../../api/client';

/**
 * The chapter upload's transport, behind a small interface so the screen's
 * machine drives it and tests can script it: Uppy's core with its tus
 * plugin (resumable: a dropped connection goes on from the last offset the
 * server acknowledged), our own React UI around its events.
 */
export interface UploaderEvents {
  progress(id: string, sent: number): void;
  sent(id: string, uploadId: string): void;
  failed(id: string, code: string): void;
  complete(): void;
  offline(): void;
  online(): void;
}

export interface ChapterUploader {
  /** Queues files; answers what was queued (Uppy refuses duplicates and files over the cap). */
  add(files: File[]): Array<{ id: string; name: string; size: number }>;
  remove(id: string): void;
  start(): void;
  cancel(): void;
  /** Sends the failed or interrupted files again from where they stopped. */
  retry(): void;
  close(): void;
}

export type MakeUploader = (chapterId: number, on: UploaderEvents) => ChapterUploader;

/** The size of one PATCH: a 30,000 px strip or a CBZ goes in several, each acknowledged by the server. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;

/** The name the server sorts pages by: the path inside a picked folder, else the file's name. */
const nameOf = (f: File) => (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;

/** The problem code of a refused tus request (its body is problem+json), else 'network'. */
function codeOf(response: unknown): string {
  const xhr = (response as { body?: { xhr?: XMLHttpRequest } } | undefined)?.body?.xhr;
  try {
    const p = JSON.parse(xhr?.responseText ?? '') as { code?: string };
    return p.code ?? 'network';
  } catch {
    return 'network';
  }
}

export const uppyUploader: MakeUploader = (chapterId, on) => {
  const uppy = new Uppy({
    autoProceed: false,
    allowMultipleUploadBatches: true,
    restrictions: { maxFileSize: UPLOAD_LIMITS.maxUploadBytes, maxNumberOfFiles: UPLOAD_LIMITS.maxPages },
  }).use(Tus, {
    // The tus endpoint: the table's POST /uploads (its PATCH, HEAD and DELETE go to the Location it answers).
    endpoint: API_BASE + addressOf('POST /uploads', {}),
    headers: { 'X-Console-Request': '1' },
    removeFingerprintOnSuccess: true,
    allowedMetaFields: ['chapterId', 'filename'],
    retryDelays: [0, 1000, 3000, 5000],
    // A dropped connection costs at most one chunk: a proxy that buffers request bodies (nginx does by default)
    // passes none of an interrupted PATCH on, so an unchunked file would start again from its last whole chunk, 0.
    chunkSize: UPLOAD_CHUNK_BYTES,
  });
  uppy.on('upload-progress', (file, p) => file && on.progress(file.id, p.bytesUploaded));
  uppy.on('upload-success', (file, r) => file && on.sent(file.id, (r?.uploadURL ?? '').split('/').pop() ?? ''));
  uppy.on('upload-error', (file, _e, response) => file && on.failed(file.id, codeOf(response)));
  uppy.on('complete', () => on.complete());
  uppy.on('is-offline', () => on.offline());
  uppy.on('back-online', () => on.online());
  return {
    add: (files) =>
      files.flatMap((f) => {
        try {
          const id = uppy.addFile({
            name: nameOf(f),
            type: f.type,
            data: f,
            meta: { chapterId: String(chapterId), filename: nameOf(f) },
          });
          return [{ id, name: nameOf(f), size: f.size }];
        } catch {
          return [];
        }
      }),
    remove: (id) => uppy.removeFile(id),
    start: () => void uppy.upload().catch(() => {}),
    cancel: () => uppy.cancelAll(),
    // Only when a file did fail: after a dropped connection @uppy/tus resumes the files it was sending by itself (a HEAD, then
    // on from the server's offset), and Uppy's 'retry-all' would abort those uploads and end the batch with them unsent.
    retry: () => {
      if (uppy.getFiles().some((f) => f.error)) void uppy.retryAll().catch(() => {});
    },
    close: () => uppy.destroy(),
  };
};
