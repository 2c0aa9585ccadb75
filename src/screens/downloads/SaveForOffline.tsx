import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { downloadMachine } from '../../../machines/downloadMachine';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { offlineSupported, removeChapter, savedChapter, type SavedChapter } from '../../features/offline/offlineStore';
import { cancelDownload, enqueueDownload } from './downloadQueue';
import { megabytes } from './megabytes';
import './downloads.css';

interface Props {
  chapterId: number;
  /** The chapter's name, for the button's accessible name. */
  name: string;
  /** An icon-sized control (the chapter list, the viewer's footer). */
  compact?: boolean;
}

const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path fill="currentColor" d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM4 18h16v2H4z" />
  </svg>
);
const SavedIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path fill="currentColor" d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.6 7.9l-1.4-1.4z" />
  </svg>
);

/**
 * "Save for offline" for one chapter, driven by machines/downloadMachine.ts:
 * the button, then a progress bar with a cancel while queued or saving,
 * then "saved" with a remove; failures (the device's storage full) say so.
 * Nothing is shown where the browser cannot save (or until it is known
 * whether the chapter is saved).
 */
export function SaveForOffline(props: Props) {
  const [saved, setSaved] = useState<SavedChapter | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    savedChapter(props.chapterId).then(
      (c) => live && setSaved(c),
      () => live && setSaved(null),
    );
    return () => {
      live = false;
    };
  }, [props.chapterId]);
  if (saved === undefined || !offlineSupported()) return null;
  return <DownloadControl key={props.chapterId} {...props} saved={saved} />;
}

function DownloadControl({ chapterId, name, compact, saved }: Props & { saved: SavedChapter | null }) {
  const [state, send] = useDownloadMachine(chapterId, saved);
  const { done, total, bytes, error } = state.context;
  const value = String(state.value);
  const busy = state.matches('queued') || state.matches('downloading');
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const cls = `save-offline${compact ? ' save-offline--compact' : ''}`;
  if (busy) {
    return (
      <span className={cls} data-state={value} data-chapter-id={chapterId}>
        <progress className="save-offline__bar" max={Math.max(total, 1)} value={done} aria-label={t('downloads.progress')} />
        <span className="save-offline__text" role="status">
          {state.matches('queued') ? t('downloads.queued') : t('downloads.saving', { percent })}
        </span>
        <button type="button" className="button save-offline__cancel" onClick={() => send({ type: 'download.cancel' })}>
          {t('downloads.cancel')}
        </button>
      </span>
    );
  }
  if (state.matches('saved')) {
    return (
      <span className={cls} data-state={value} data-chapter-id={chapterId}>
        <span className="save-offline__done">
          <SavedIcon />
          <span className={compact ? 'visually-hidden' : ''}>{t('downloads.saved')}</span>
          {compact ? null : <span className="save-offline__size">{t('downloads.size', { mb: megabytes(bytes) })}</span>}
        </span>
        <button
          type="button"
          className="button save-offline__remove"
          aria-label={t('downloads.removeNamed', { name })}
          onClick={() => send({ type: 'download.remove' })}
        >
          {t('downloads.remove')}
        </button>
      </span>
    );
  }
  const message =
    error === 'quota'
      ? t('downloads.quota')
      : error === 'failed'
        ? t('downloads.failed')
        : state.matches('cancelled')
          ? t('downloads.cancelled')
          : state.matches('removed')
            ? t('downloads.removed')
            : null;
  return (
    <span className={cls} data-state={value} data-chapter-id={chapterId}>
      <button
        type="button"
        className={compact ? 'viewer__icon save-offline__icon' : 'button save-offline__save'}
        aria-label={t('downloads.saveNamed', { name })}
        onClick={() => send({ type: 'download.request' })}
      >
        <DownloadIcon />
        {compact ? null : <span>{error ? t('downloads.retry') : t('downloads.save')}</span>}
      </button>
      {message ? (
        <span className={`save-offline__message${error ? ' save-offline__message--error' : ''}`} role={error ? 'alert' : 'status'}>
          {message}
        </span>
      ) : null}
    </span>
  );
}

/** The chapter's download machine: queued, saved, cancelled or removed through the offline store. */
function useDownloadMachine(chapterId: number, saved: SavedChapter | null) {
  return useMachine(
    downloadMachine.provide({
      actions: {
        enqueue: ({ self }) => {
          enqueueDownload(chapterId, {
            start: () => self.send({ type: 'download.start', total: 0 }),
            progress: (done, total) => self.send({ type: 'download.progress', done, total }),
            saved: (c) => self.send({ type: 'download.saved', bytes: c.bytes }),
            failed: (reason) => self.send({ type: 'download.failed', reason }),
          });
        },
        abort: () => cancelDownload(chapterId),
        discard: () => void removeChapter(chapterId),
      },
    }),
    { input: { saved: saved !== null, ...(saved ? { bytes: saved.bytes } : {}) }, inspect },
  );
}
