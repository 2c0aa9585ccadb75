import { useEffect, useLayoutEffect, useMemo, useRef, type ChangeEvent, type DragEvent } from 'react';
import { useMachine } from '@xstate/react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import { uploadQueueMachine } from '../../../machines/console/uploadQueueMachine';
import { inspect } from '../../../web/inspector';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { useCatalogEnv } from './env';
import { followJob } from './job';
import type { ChapterUploader } from './uploader';
import { UnreadableDrop, entriesOf, walkEntries } from './droppedFiles';

const IMAGE = /\.(png|jpe?g|webp|gif|avif|tiff?)$/i;
const ARCHIVE = /\.(cbz|zip)$/i;
/** A folder brings everything in it: only images become pages. */
const pagesOnly = (files: File[]) => files.filter((f) => f.type.startsWith('image/') || IMAGE.test(f.name) || ARCHIVE.test(f.name));

/**
 * The chapter upload: many images, a folder or a CBZ/ZIP, picked or dropped;
 * progress per file and in total; cancel, retry, resume after a dropped
 * connection; then the server's processing progress until the pages are on
 * the board.
 */
export function UploadPanel({ chapter, onChapter }: { chapter: Chapter; onChapter: (c: Chapter) => void }) {
  const env = useCatalogEnv();
  // What the machine's effects reach when they run: the chapter as last read, the transport, the job's poll.
  const live = useRef({ chapter, onChapter, uploader: null as ChapterUploader | null, stopJob: () => {} });
  useLayoutEffect(() => {
    live.current.chapter = chapter;
    live.current.onChapter = onChapter;
  });
  const machine = useMemo(
    () =>
      // eslint-disable-next-line react-hooks/refs -- the effects read `live` when the machine runs them (on events), never while rendering
      uploadQueueMachine.provide({
        actions: {
          startUpload: () => live.current.uploader?.start(),
          cancelUpload: () => live.current.uploader?.cancel(),
          retryUpload: () => live.current.uploader?.retry(),
          removeFile: (_, p) => live.current.uploader?.remove(p.id),
          startProcessing: ({ self }, p) => {
            const { chapter: c } = live.current;
            call('POST /chapters/:id/process', { params: { id: c.id }, body: { uploads: p.uploads, version: c.version } }).then(
              (answer) => {
                live.current.onChapter(answer);
                self.send({ type: 'processing.progress', done: answer.job.done, total: answer.job.total });
              },
              (e: unknown) => self.send({ type: 'processing.failed', code: problemCode(e) }),
            );
          },
          watchProcessing: ({ self }) => {
            live.current.stopJob = followJob(env.clock, live.current.chapter.id, {
              progress: (done, total) => self.send({ type: 'processing.progress', done, total }),
              done: (c) => {
                live.current.onChapter(c);
                self.send({ type: 'processing.done' });
              },
              failed: (code) => self.send({ type: 'processing.failed', code }),
            });
          },
          stopWatching: () => live.current.stopJob(),
        },
      }),
    [env.clock],
  );
  const [snap, send, actor] = useMachine(machine, { inspect });
  useEffect(() => {
    const u = env.makeUploader(chapter.id, {
      progress: (id, sent) => actor.send({ type: 'file.progress', id, sent }),
      sent: (id, uploadId) => actor.send({ type: 'file.sent', id, uploadId }),
      failed: (id, code) => actor.send({ type: 'file.failed', id, code }),
      complete: () => actor.send({ type: 'upload.complete' }),
      offline: () => actor.send({ type: 'connection.lost' }),
      online: () => actor.send({ type: 'connection.back' }),
    });
    live.current.uploader = u;
    return () => u.close();
  }, [actor, chapter.id, env]);

  const add = (files: File[]) => {
    const queued = live.current.uploader?.add(pagesOnly(files)) ?? [];
    if (queued.length) send({ type: 'files.add', files: queued });
  };
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    add([...(e.target.files ?? [])]);
    e.target.value = '';
  };
  const { files, processed, toProcess, problem, unreadable } = snap.context;
  const size = files.reduce((n, f) => n + f.size, 0);
  const sent = files.reduce((n, f) => n + Math.min(f.sent, f.size), 0);
  const state = snap.value;
  const canAdd = state === 'empty' || state === 'ready' || state === 'done' || state === 'rejected';
  const failedCode = files.find((f) => f.status === 'failed')?.code ?? null;

  return (
    <section className="c-panel c-upload" aria-labelledby="upload-title">
      <h2 id="upload-title">{t('console.upload.title')}</h2>
      <div
        className="c-drop"
        onDragOver={(e: DragEvent) => e.preventDefault()}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          if (!canAdd) return;
          // Read while the event runs: the browser empties the drop after it.
          const plain = [...e.dataTransfer.files];
          const entries = entriesOf(e.dataTransfer);
          // A dropped folder is walked (with its subfolders); plain files go as they are. A folder the
          // browser will not read refuses the whole drop, by name: its loose files alone would be a partial chapter.
          if (entries?.some((x) => x.isDirectory))
            void walkEntries(entries).then(add, (err: unknown) => {
              const at = err instanceof UnreadableDrop ? err : new UnreadableDrop(entries.find((x) => x.isDirectory)!.name, true);
              send({ type: 'drop.unreadable', path: at.path, folder: at.folder });
            });
          else add(plain);
        }}
      >
        <p>{t('console.upload.drop')}</p>
        <div className="c-row">
          <label className="c-button c-button--quiet">
            {t('console.upload.images')}
            <input className="c-visually-hidden" type="file" accept="image/*" multiple disabled={!canAdd} onChange={picked} />
          </label>
          <label className="c-button c-button--quiet">
            {t('console.upload.folder')}
            <input className="c-visually-hidden" type="file" multiple disabled={!canAdd} onChange={picked} {...{ webkitdirectory: '' }} />
          </label>
          <label className="c-button c-button--quiet">
            {t('console.upload.archive')}
            <input className="c-visually-hidden" type="file" accept=".cbz,.zip,application/zip" disabled={!canAdd} onChange={picked} />
          </label>
        </div>
      </div>
      {files.length ? (
        <>
          <label className="c-upload__total">
            {t('console.upload.total', { files: files.length, percent: size ? Math.floor((sent * 100) / size) : 0 })}
            <progress max={size || 1} value={sent} />
          </label>
          <ul className="c-upload__files">
            {files.map((f) => (
              <li key={f.id} className={`c-upload__file c-upload__file--${f.status}`}>
                <span className="c-upload__name">{f.name}</span>
                <progress max={f.size || 1} value={Math.min(f.sent, f.size)} aria-label={f.name} />
                <span>{t(`console.upload.status.${f.status}`)}</span>
                {state === 'ready' ? (
                  <button
                    type="button"
                    className="c-button c-button--quiet"
                    aria-label={t('console.upload.removeNamed', { name: f.name })}
                    onClick={() => send({ type: 'file.remove', id: f.id })}
                  >
                    {t('console.upload.remove')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="c-notice" role="status" aria-live="polite">
        {state === 'offline'
          ? t('console.upload.offline')
          : state === 'processing'
            ? t('console.upload.processing', { done: processed, total: toProcess })
            : state === 'done'
              ? t('console.upload.done')
              : state === 'stopped'
                ? t('console.upload.stopped')
                : null}
      </p>
      {state === 'processing' ? <progress max={toProcess || 1} value={processed} aria-label={t('console.upload.processingBar')} /> : null}
      <Problem code={problem ?? (state === 'stopped' ? failedCode : null)} />
      {unreadable ? (
        <p className="c-alert" role="alert">
          {unreadable.folder
            ? t('console.upload.unreadableFolder', { name: unreadable.path })
            : t('console.upload.unreadableFile', { name: unreadable.path })}
        </p>
      ) : null}
      <div className="c-row">
        {state === 'ready' ? (
          <>
            <button type="button" className="c-button" onClick={() => send({ type: 'upload.start' })}>
              {t('console.upload.start')}
            </button>
            <button type="button" className="c-button c-button--quiet" onClick={() => send({ type: 'queue.clear' })}>
              {t('console.upload.clear')}
            </button>
          </>
        ) : null}
        {state === 'stopped' ? (
          <button type="button" className="c-button" onClick={() => send({ type: 'upload.retry' })}>
            {t('console.upload.retry')}
          </button>
        ) : null}
        {state === 'uploading' || state === 'offline' || state === 'stopped' ? (
          <button type="button" className="c-button c-button--quiet" onClick={() => send({ type: 'upload.cancel' })}>
            {t('console.upload.cancel')}
          </button>
        ) : null}
        {state === 'rejected' ? (
          <button type="button" className="c-button c-button--quiet" onClick={() => send({ type: 'queue.clear' })}>
            {t('console.upload.clear')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
