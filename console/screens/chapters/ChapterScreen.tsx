import { useCallback, useEffect, useState } from 'react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { ChapterDetails } from './ChapterDetails';
import { PageBoard } from './PageBoard';
import { SchedulePanel } from './SchedulePanel';
import { UploadPanel } from './UploadPanel';
import { useCatalogEnv } from './env';
import { CatalogTrail, seriesName, titleCrumbs, useTitleAndSeries } from '../catalog/trail';
import './chapters.css';

const pageSet = (c: Chapter) =>
  c.pages
    .map((p) => p.id)
    .sort((a, b) => a - b)
    .join(',');

/** One chapter: its name and thumbnail, the upload, the page board, its release, and a preview as a reader. */
export default function ChapterScreen({ id }: { id: number }) {
  const env = useCatalogEnv();
  const [chapter, setChapter] = useState<Chapter | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call('GET /chapters/:id', { params: { id } }).then(
      (c) => live && setChapter(c),
      (e: unknown) => live && setError(problemCode(e)),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const onChapter = useCallback((c: Chapter) => setChapter(c), []);
  const { title, series } = useTitleAndSeries(chapter?.titleId ?? null);
  if (!chapter) return <Problem code={error} />;
  const preview = () =>
    call('POST /preview/:id', { params: { id: chapter.id } }).then(
      (p) => {
        setPreviewProblem(null);
        env.openPreview(p.url);
      },
      (e: unknown) => setPreviewProblem(problemCode(e)),
    );
  return (
    <>
      <CatalogTrail items={[...titleCrumbs(title, series), { label: chapter.name }]} />
      <h1>{t('console.chapter.heading', { name: chapter.name })}</h1>
      {title && series ? (
        <p className="c-meta">{t('console.crumbs.chapterOf', { title: title.name, series: seriesName(series) })}</p>
      ) : null}
      <div className="c-row">
        <button type="button" className="c-button" disabled={chapter.pages.length === 0} onClick={() => void preview()}>
          {t('console.chapter.preview')}
        </button>
      </div>
      <Problem code={previewProblem} />
      <div className="c-chapter">
        <ChapterDetails chapter={chapter} onChapter={onChapter} />
        <SchedulePanel chapter={chapter} onChapter={onChapter} />
      </div>
      {chapter.state === 'draft' ? <UploadPanel chapter={chapter} onChapter={onChapter} /> : null}
      {/* The board's machine reads the pages once: a new set of pages (an upload made some) starts it again, a new order does not. */}
      <PageBoard key={pageSet(chapter)} chapter={chapter} onChapter={onChapter} />
    </>
  );
}
