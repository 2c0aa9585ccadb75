import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../i18n';
import { offlineSupported, removeChapter, savedChapters, storageUse, type SavedChapter } from '../../features/offline/offlineStore';
import { Loading } from '../../ui/Loading';
import { megabytes } from './megabytes';
import './downloads.css';

/**
 * /downloads: the chapters saved for offline reading (src/features/offline/offlineStore.ts),
 * most recent first, each with its size and a remove; "Remove all"; the
 * storage this site uses of what the browser allows (navigator.storage.estimate).
 */
export default function DownloadsScreen() {
  const [list, setList] = useState<SavedChapter[] | null>(null);
  const [use, setUse] = useState<{ usage: number; quota: number } | null>(null);
  const refresh = useCallback(() => {
    savedChapters().then(setList, () => setList([]));
    storageUse().then(setUse, () => setUse(null));
  }, []);
  useEffect(refresh, [refresh]);
  const remove = (ids: number[]) => {
    void Promise.all(ids.map(removeChapter)).finally(refresh);
  };
  return (
    <main className="content downloads" data-screen="downloads">
      <div className="downloads__head">
        <h1 className="section-title">{t('downloads.heading')}</h1>
        {list && list.length > 0 ? (
          <button type="button" className="button" onClick={() => remove(list.map((c) => c.chapterId))}>
            {t('downloads.removeAll')}
          </button>
        ) : null}
      </div>
      {use && use.quota > 0 ? (
        <p className="downloads__usage" data-testid="storage-used">
          {t('downloads.used', { used: megabytes(use.usage), quota: megabytes(use.quota) })}
        </p>
      ) : null}
      {!offlineSupported() ? <p className="downloads__empty">{t('downloads.unsupported')}</p> : null}
      {list === null ? <Loading /> : null}
      {list && list.length === 0 && offlineSupported() ? <p className="downloads__empty">{t('downloads.empty')}</p> : null}
      {list && list.length > 0 ? (
        <ul className="downloads__list">
          {list.map((c) => (
            <li key={c.chapterId} className="downloads__item" data-chapter-id={c.chapterId}>
              <Link href={`/viewer/${c.chapterId}`} className="downloads__link">
                <span className="downloads__title">{c.titleName}</span>
                <span className="downloads__chapter">{c.chapterName}</span>
                <span className="downloads__size">{t('downloads.size', { mb: megabytes(c.bytes) })}</span>
              </Link>
              <button
                type="button"
                className="button"
                aria-label={t('downloads.removeNamed', { name: `${c.titleName} ${c.chapterName}` })}
                onClick={() => remove([c.chapterId])}
              >
                {t('downloads.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
