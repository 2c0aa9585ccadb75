import type { ChangeEvent, DragEvent } from 'react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import type { QueuedFile, UploadQueueContext, UploadQueueEvent } from '../../../machines/console/uploadQueueMachine';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { UnreadableDrop, entriesOf, walkEntries } from './droppedFiles';
import { useUploadQueue } from './useUploadQueue';

const IMAGE = /\.(png|jpe?g|webp|gif|avif|tiff?)$/i;
const ARCHIVE = /\.(cbz|zip)$/i;
/** A folder brings everything in it: only images become pages. */
const pagesOnly = (files: File[]) => files.filter((f) => f.type.startsWith('image/') || IMAGE.test(f.name) || ARCHIVE.test(f.name));

type Send = (e: UploadQueueEvent) => void;

/**
 * The chapter upload: many images, a folder or a CBZ/ZIP, picked or dropped,
 * sent at once (or after Upload is pressed, for a member who keeps that step
 * on this device); progress per file and in total; cancel, retry, resume after a dropped
 * connection; then the server's processing progress until the pages are on
 * the board.
 */
export function UploadPanel({ chapter, onChapter }: { chapter: Chapter; onChapter: (c: Chapter) => void }) {
  const { snap, send, add } = useUploadQueue(chapter, onChapter);
  const state = snap.value;
  const canAdd = state === 'empty' || state === 'ready' || state === 'done' || state === 'rejected';
  return (
    <section className="c-panel c-upload" aria-labelledby="upload-title">
      <h2 id="upload-title">{t('console.upload.title')}</h2>
      <DropArea canAdd={canAdd} add={(files) => add(pagesOnly(files))} send={send} />
      <label className="c-check">
        <input
          type="checkbox"
          checked={snap.context.confirmFirst}
          onChange={(e) => send({ type: 'confirm.set', confirm: e.target.checked })}
        />{' '}
        {t('console.upload.confirmFirst')}
      </label>
      {snap.context.files.length ? <QueuedFiles files={snap.context.files} removable={state === 'ready'} send={send} /> : null}
      <UploadStatus state={state} context={snap.context} />
      <UploadActions state={state} send={send} />
    </section>
  );
}

/** Where files are dropped or picked: images, a folder, an archive. */
function DropArea({ canAdd, add, send }: { canAdd: boolean; add: (files: File[]) => void; send: Send }) {
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    add([...(e.target.files ?? [])]);
    e.target.value = '';
  };
  const dropped = (e: DragEvent) => {
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
  };
  return (
    <div className="c-drop" onDragOver={(e: DragEvent) => e.preventDefault()} onDrop={dropped}>
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
  );
}

/** The queue: the total sent, and each file with its progress (removable before the upload starts). */
function QueuedFiles({ files, removable, send }: { files: readonly QueuedFile[]; removable: boolean; send: Send }) {
  const size = files.reduce((n, f) => n + f.size, 0);
  const sent = files.reduce((n, f) => n + Math.min(f.sent, f.size), 0);
  return (
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
            {removable ? (
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
  );
}

/** The state's notice (offline, processing, done, stopped), the processing bar, and what went wrong. */
function UploadStatus({ state, context }: { state: string; context: UploadQueueContext }) {
  const { processed, toProcess, problem, unreadable } = context;
  const failedCode = context.files.find((f) => f.status === 'failed')?.code ?? null;
  return (
    <>
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
    </>
  );
}

/** Start, clear, retry, cancel: what the state allows. */
function UploadActions({ state, send }: { state: string; send: Send }) {
  return (
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
  );
}
