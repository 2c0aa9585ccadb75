import { useState } from 'react';
import type { FeaturedBlock, FeaturedList } from '../../../core/console/schemas/home';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { Notice, Problem } from '../../ui/ui';
import { ReorderList } from '../../ui/edit/ReorderList';
import { Refusal } from '../../ui/edit/Refusal';
import { FeaturedListEditor } from './FeaturedListEditor';
import '../../ui/edit/edit.css';

/** Each list of titles with its kind, its length and its edit button. */
function ListsList({ lists, onEdit }: { lists: FeaturedList[] | undefined; onEdit: (l: FeaturedList) => void }) {
  return (
    <ul className="c-list">
      {lists?.map((l) => (
        <li key={l.id} className="c-row">
          <span>
            {l.name} <span className="c-tag">{t(`console.featured.kind.${l.kind}`)}</span>{' '}
            <span className="c-meta">{t('console.featured.titles', { count: l.seriesIds.length })}</span>
          </span>
          <button
            type="button"
            className="c-button c-button--quiet"
            onClick={() => onEdit(l)}
            aria-label={t('console.featured.editNamed', { name: l.name })}
          >
            {t('console.common.edit')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The featured page: its blocks (featured banners and lists) in order, and the lists of titles themselves. */
export default function FeaturedScreen() {
  const { data, error, reload } = useCall('GET /featured', {});
  const [blocks, setBlocks] = useState<FeaturedBlock[] | null>(null);
  const [editing, setEditing] = useState<FeaturedList | 'new' | null>(null);
  const [refused, setRefused] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const shown = (blocks ?? data?.blocks ?? []).map((b, i) => ({ ...b, block: b, id: i + 1 }));
  const listName = (id: number) => data?.lists.find((l) => l.id === id)?.name ?? String(id);
  const blockName = (b: FeaturedBlock) =>
    b.kind === 'list' ? t('console.featured.listBlock', { name: listName(b.id) }) : t('console.featured.bannerBlock', { id: String(b.id) });
  return (
    <>
      <h1>{t('console.area.featured')}</h1>
      <Problem code={error} />
      <Refusal error={refused} />
      <Notice text={notice} />
      <h2>{t('console.featured.page')}</h2>
      <p className="c-field__hint">{t('console.reorder.hint')}</p>
      <ReorderList
        items={shown}
        label={t('console.featured.page')}
        name={(x) => blockName(x.block)}
        render={(x) => <span>{blockName(x.block)}</span>}
        onOrder={(positions) => {
          const next = positions.map((p) => shown[p - 1].block);
          setBlocks(next);
          call('PUT /featured/blocks', { body: { blocks: next } }).then(
            (a) => {
              setBlocks(a.blocks);
              setRefused(null);
              setNotice(t('console.featured.reordered'));
            },
            (e: unknown) => {
              setBlocks(null);
              setRefused(e);
              reload();
            },
          );
        }}
      />
      <h2>{t('console.featured.lists')}</h2>
      <button type="button" className="c-button" onClick={() => setEditing('new')}>
        {t('console.featured.newList')}
      </button>
      {editing ? (
        <FeaturedListEditor
          key={editing === 'new' ? 'new' : editing.id}
          list={editing === 'new' ? null : editing}
          onSaved={(l) => {
            setNotice(t('console.featured.saved'));
            setEditing(l);
            setBlocks(null);
            reload();
          }}
          onDeleted={() => {
            setEditing(null);
            setBlocks(null);
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ListsList lists={data?.lists} onEdit={setEditing} />
    </>
  );
}
