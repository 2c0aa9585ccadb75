import { useState } from 'react';
import type { CommentQuery, ModeratedComment } from '../../../core/console/schemas/voice';
import { call } from '../../api/call';
import { t, tBuilt } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { Field, Problem } from '../../ui/ui';
import { Refusal } from '../../ui/edit/Refusal';
import { CommentRow } from './CommentRow';
import { ChapterPicker } from './ChapterPicker';
import '../../ui/edit/edit.css';

interface Filters {
  chapter: string;
  q: string;
  state: string;
  sort: string;
}

/** The query of the filters as chosen (an empty field asks nothing). */
const queryOf = (f: Filters): CommentQuery => ({
  ...(f.chapter ? { chapter: Number(f.chapter) } : {}),
  ...(f.q ? { q: f.q } : {}),
  state: f.state as NonNullable<CommentQuery['state']>,
  sort: f.sort as NonNullable<CommentQuery['sort']>,
});

/** The search, the state and order asked for, applied when the member asks. */
function ModerationFilters({ draft, setDraft, onApply }: { draft: Filters; setDraft: (f: Filters) => void; onApply: () => void }) {
  return (
    <form
      className="c-filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <Field
        label={t('console.moderation.search')}
        type="search"
        value={draft.q}
        onChange={(e) => setDraft({ ...draft, q: e.target.value })}
      />
      <label className="c-inline">
        {t('console.moderation.state')}{' '}
        <select value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })}>
          {['visible', 'hidden', 'deleted', 'all'].map((s) => (
            <option key={s} value={s}>
              {tBuilt(`console.moderation.state.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="c-inline">
        {t('console.moderation.sort')}{' '}
        <select value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: e.target.value })}>
          {['newest', 'oldest', 'likes'].map((s) => (
            <option key={s} value={s}>
              {tBuilt(`console.moderation.sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="c-button">
        {t('console.audit.show')}
      </button>
    </form>
  );
}

/** Readers' comments: by chapter, searched and sorted; each hidden, deleted or restored with a reason. */
export default function ModerationScreen() {
  const [draft, setDraft] = useState<Filters>({ chapter: '', q: '', state: 'visible', sort: 'newest' });
  const [filters, setFilters] = useState<Filters>(draft);
  const { data, error } = useCall('GET /comments', { query: queryOf(filters) });
  const [more, setMore] = useState<{ comments: ModeratedComment[]; next: string | null; after: string } | null>(null);
  const [refused, setRefused] = useState<unknown>(null);
  const shown = [...(data?.comments ?? []), ...(more && more.after === JSON.stringify(filters) ? more.comments : [])];
  const next = more && more.after === JSON.stringify(filters) ? more.next : (data?.next ?? null);
  const apply = (f: Filters) => {
    setFilters(f);
    setMore(null);
  };
  return (
    <>
      <h1>{t('console.area.moderation')}</h1>
      <ChapterPicker
        chapter={filters.chapter}
        onPick={(chapter) => {
          setDraft({ ...draft, chapter });
          apply({ ...draft, chapter });
        }}
      />
      <ModerationFilters draft={draft} setDraft={setDraft} onApply={() => apply(draft)} />
      <Problem code={error} />
      <Refusal error={refused} />
      {data && shown.length === 0 ? <p>{t('console.moderation.none')}</p> : null}
      <ul className="c-list c-list--stacked" aria-label={t('console.moderation.list')}>
        {shown.map((c) => (
          <li key={c.id}>
            <CommentRow comment={c} />
          </li>
        ))}
      </ul>
      {next ? (
        <button
          type="button"
          className="c-button c-button--quiet"
          onClick={() =>
            call('GET /comments', { query: { ...queryOf(filters), cursor: next } }).then(
              (a) =>
                setMore((m) => ({
                  comments: [...(m && m.after === JSON.stringify(filters) ? m.comments : []), ...a.comments],
                  next: a.next,
                  after: JSON.stringify(filters),
                })),
              setRefused,
            )
          }
        >
          {t('console.common.more')}
        </button>
      ) : null}
    </>
  );
}
