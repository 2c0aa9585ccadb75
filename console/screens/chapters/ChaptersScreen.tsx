import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { Field, Problem } from '../../ui/ui';
import { CatalogTrail, seriesName, titleCrumbs, useTitleAndSeries } from '../catalog/trail';

/** A title's chapters (drafts too) and a new draft chapter. */
export default function ChaptersScreen({ titleId }: { titleId: number }) {
  const [, navigate] = useLocation();
  const { data, error } = useCall('GET /chapters', { query: { titleId } });
  const [name, setName] = useState('');
  const [subTitle, setSubTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { title, series } = useTitleAndSeries(titleId);
  return (
    <>
      <CatalogTrail items={[...titleCrumbs(title, series), { label: t('console.chapters.title') }]} />
      <h1>{title ? t('console.chapters.titleOf', { name: title.name }) : t('console.chapters.title')}</h1>
      {series ? <p className="c-meta">{t('console.crumbs.inSeries', { name: seriesName(series) })}</p> : null}
      <Problem code={error ?? problem} />
      <form
        className="c-panel c-inline"
        aria-labelledby="new-chapter"
        onSubmit={(e) => {
          e.preventDefault();
          call('POST /chapters', { body: { titleId, name, subTitle } }).then(
            (c) => navigate(`/chapters/${c.id}`),
            (err: unknown) => setProblem(problemCode(err)),
          );
        }}
      >
        <h2 id="new-chapter">{t('console.chapters.new')}</h2>
        <Field label={t('console.chapter.name')} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <Field label={t('console.chapter.subTitle')} maxLength={200} value={subTitle} onChange={(e) => setSubTitle(e.target.value)} />
        <button type="submit" className="c-button">
          {t('console.chapters.create')}
        </button>
      </form>
      <div className="c-table-wrap">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">{t('console.chapter.name')}</th>
              <th scope="col">{t('console.chapters.state')}</th>
              <th scope="col">{t('console.chapters.release')}</th>
              <th scope="col" className="c-num">
                {t('console.chapters.pages')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.chapters.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <Link href={`/chapters/${c.id}`}>{c.name}</Link>
                </th>
                <td>{t(`console.chapterState.${c.state}`)}</td>
                <td>{c.startAt ? when(c.startAt) : '—'}</td>
                <td className="c-num">{c.pageCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
