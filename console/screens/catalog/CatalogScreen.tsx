import { useState } from 'react';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { Field, Notice, Problem, TableWrap } from '../../ui/ui';
import { TitleEditor, type CatalogTitle } from './TitleEditor';

/** Titles' texts per language (editors: all; localizers: their languages). */
export default function CatalogScreen() {
  const [filter, setFilter] = useState<{ q?: string; language?: string }>({});
  const { data, error, reload } = useCall('GET /catalog/titles', { query: filter });
  const [editing, setEditing] = useState<CatalogTitle | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <h1>{t('console.area.catalog')}</h1>
      <CatalogFilters onFilter={setFilter} />
      <Problem code={error ?? problem} />
      <Notice text={notice} />
      {editing ? (
        <TitleEditor
          title={editing}
          onCancel={() => setEditing(null)}
          onSave={(patch) =>
            call('PATCH /catalog/titles/:id', { params: { id: editing.id }, body: { ...patch, version: editing.version } }).then(
              () => {
                setEditing(null);
                setProblem(null);
                setNotice(t('console.catalog.saved'));
                reload();
              },
              (e: unknown) => {
                setProblem(problemCode(e));
                // Someone saved first: show their version; the member's text stays in the form.
                if (problemCode(e) === 'conflict') reload();
              },
            )
          }
        />
      ) : null}
      <TitlesTable titles={data?.titles} onEdit={setEditing} />
    </>
  );
}

/** The search: a title's name and a language, applied on submit. */
function CatalogFilters({ onFilter }: { onFilter: (f: { q?: string; language?: string }) => void }) {
  const [q, setQ] = useState('');
  const [language, setLanguage] = useState('');
  return (
    <form
      className="c-filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onFilter({ q, language });
      }}
    >
      <Field label={t('console.catalog.search')} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      <Field label={t('console.catalog.language')} value={language} onChange={(e) => setLanguage(e.target.value)} />
      <button type="submit" className="c-button">
        {t('console.audit.show')}
      </button>
    </form>
  );
}

/** The titles found, each with its edit button. */
function TitlesTable({ titles, onEdit }: { titles: readonly CatalogTitle[] | undefined; onEdit: (title: CatalogTitle) => void }) {
  return (
    <TableWrap label={t('console.area.catalog')}>
      <table className="c-table">
        <thead>
          <tr>
            <th scope="col">{t('console.catalog.name')}</th>
            <th scope="col">{t('console.catalog.language')}</th>
            <th scope="col">{t('console.catalog.author')}</th>
            <th scope="col">{t('console.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {titles?.map((x) => (
            <tr key={`${x.id}`}>
              <th scope="row">{x.name}</th>
              <td>{x.language}</td>
              <td>{x.author}</td>
              <td>
                <button
                  type="button"
                  className="c-button c-button--quiet"
                  onClick={() => onEdit(x)}
                  aria-label={t('console.catalog.editNamed', { name: x.name })}
                >
                  {t('console.catalog.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
