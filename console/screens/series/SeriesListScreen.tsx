import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';
import { Field, Problem } from '../../ui/ui';
import { NewTitleForm } from './NewTitleForm';
import { CatalogTrail } from '../catalog/trail';
import './series.css';

/** Series: search, open one, and (editors) make a new title: a series and its first language, as drafts. */
export default function SeriesListScreen() {
  const member = useMember();
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const { data, error } = useCall('GET /series', { query: { q: search } });
  const [creating, setCreating] = useState(false);
  return (
    <>
      <CatalogTrail items={[]} />
      <h1>{t('console.area.series')}</h1>
      <form
        className="c-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q);
        }}
      >
        <Field label={t('console.series.search')} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="c-button">
          {t('console.audit.show')}
        </button>
      </form>
      <Problem code={error} />
      {reaches('POST /series', member.roles) ? (
        creating ? (
          <NewTitleForm onCancel={() => setCreating(false)} onMade={(s) => navigate(`/series/${s.id}`)} />
        ) : (
          <button type="button" className="c-button" onClick={() => setCreating(true)}>
            {t('console.newTitle.heading')}
          </button>
        )
      ) : null}
      <ul className="c-list">
        {data?.series.map((s) => (
          <li key={s.id}>
            <Link href={`/series/${s.id}`}>{s.names.en ?? Object.values(s.names)[0] ?? s.slug}</Link>{' '}
            <span className="c-meta">{s.slug}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
