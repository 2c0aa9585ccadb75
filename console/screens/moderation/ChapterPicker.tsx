import { useState } from 'react';
import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';

/** Chapters by how many comments they have (most first), to moderate one chapter at a time. */
export function ChapterPicker({ chapter, onPick }: { chapter: string; onPick: (chapterId: string) => void }) {
  const [q, setQ] = useState('');
  const { data } = useCall('GET /comments/chapters', { query: { q } });
  return (
    <div className="c-row">
      <label className="c-inline">
        {t('console.moderation.chapterSearch')} <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <label className="c-inline">
        {t('console.moderation.chapter')}{' '}
        <select value={chapter} onChange={(e) => onPick(e.target.value)}>
          <option value="">{t('console.moderation.allChapters')}</option>
          {data?.chapters.map((c) => (
            <option key={c.chapterId} value={String(c.chapterId)}>
              {t('console.moderation.chapterOption', { title: c.titleName, chapter: c.chapterName, visible: c.visible, hidden: c.hidden })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
