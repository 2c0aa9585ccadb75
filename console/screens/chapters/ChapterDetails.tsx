import { useState } from 'react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Field, Notice, Problem } from '../../ui/ui';

/** The chapter's name, subtitle and the page its thumbnail is made from. */
export function ChapterDetails({ chapter, onChapter }: { chapter: Chapter; onChapter: (c: Chapter) => void }) {
  const [name, setName] = useState(chapter.name);
  const [subTitle, setSubTitle] = useState(chapter.subTitle);
  const [thumbnailPage, setThumbnailPage] = useState(chapter.thumbnailPage);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="c-panel"
      aria-labelledby="chapter-details"
      onSubmit={(e) => {
        e.preventDefault();
        call('PATCH /chapters/:id', { params: { id: chapter.id }, body: { name, subTitle, thumbnailPage, version: chapter.version } }).then(
          (c) => {
            setProblem(null);
            setSaved(true);
            onChapter(c);
          },
          (e: unknown) => setProblem(problemCode(e)),
        );
      }}
    >
      <h2 id="chapter-details">{t('console.chapter.details')}</h2>
      <Field label={t('console.chapter.name')} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <Field label={t('console.chapter.subTitle')} maxLength={200} value={subTitle} onChange={(e) => setSubTitle(e.target.value)} />
      <div className="c-field">
        <label htmlFor="chapter-thumb">{t('console.chapter.thumbnail')}</label>
        <select id="chapter-thumb" value={thumbnailPage} onChange={(e) => setThumbnailPage(Number(e.target.value))}>
          {(chapter.pages.length ? chapter.pages : [null]).map((_p, i) => (
            <option key={i} value={i}>
              {t('console.chapter.pageN', { n: i + 1 })}
            </option>
          ))}
        </select>
      </div>
      <Problem code={problem} />
      <Notice text={saved ? t('console.common.saved') : null} />
      <button type="submit" className="c-button">
        {t('console.common.save')}
      </button>
    </form>
  );
}
