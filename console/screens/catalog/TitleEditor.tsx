import { useEffect, useRef, useState } from 'react';
import type { Answer } from '../../api/call';
import { t } from '../../i18n';
import { Field } from '../../ui/ui';

/** A title's texts as the catalog lists them. */
export type CatalogTitle = Answer<'GET /catalog/titles'>['titles'][number];

export function TitleEditor({
  title,
  onSave,
  onCancel,
}: {
  title: CatalogTitle;
  onSave: (patch: { name: string; author: string; overview: string }) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(title.name);
  const [author, setAuthor] = useState(title.author);
  const [overview, setOverview] = useState(title.overview);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title.id]);
  return (
    <form
      className="c-panel"
      aria-labelledby="edit-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ name, author, overview });
      }}
    >
      <h2 id="edit-title" ref={heading} tabIndex={-1}>
        {t('console.catalog.editing', { name: title.name, language: title.language })}
      </h2>
      <Field label={t('console.catalog.name')} required value={name} onChange={(e) => setName(e.target.value)} />
      <Field label={t('console.catalog.author')} value={author} onChange={(e) => setAuthor(e.target.value)} />
      <div className="c-field">
        <label htmlFor="edit-overview">{t('console.catalog.overview')}</label>
        <textarea id="edit-overview" rows={5} value={overview} onChange={(e) => setOverview(e.target.value)} />
      </div>
      <div className="c-row">
        <button type="submit" className="c-button">
          {t('console.common.save')}
        </button>
        <button type="button" className="c-button c-button--quiet" onClick={onCancel}>
          {t('console.common.cancel')}
        </button>
      </div>
    </form>
  );
}
