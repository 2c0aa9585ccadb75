import { useState } from 'react';
import { PLACEMENTS, type Banner, type Placement } from '../../../core/console/schemas/home';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { Notice, Problem } from '../../ui/ui';
import { ReorderList } from '../../ui/edit/ReorderList';
import { Refusal } from '../../ui/edit/Refusal';
import { BannerEditor } from './BannerEditor';
import { BannerRow } from './BannerRow';
import '../../ui/edit/edit.css';

/** Which place's banners are shown, and the button for a new one there. */
function PlacementBar({ placement, onPlacement, onNew }: { placement: Placement; onPlacement: (p: Placement) => void; onNew: () => void }) {
  return (
    <div className="c-row">
      <label className="c-inline">
        {t('console.banners.placement')}{' '}
        <select value={placement} onChange={(e) => onPlacement(e.target.value as Placement)}>
          {PLACEMENTS.map((p) => (
            <option key={p} value={p}>
              {t(`console.placement.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="c-button" onClick={onNew}>
        {t('console.banners.new')}
      </button>
    </div>
  );
}

/** Banners per place the reader shows them: their order (drag or keyboard), each one's editor. */
export default function BannersScreen() {
  const [placement, setPlacement] = useState<Placement>('home_top');
  const { data, error, reload } = useCall('GET /banners', { query: { placement } });
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [refused, setRefused] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [order, setOrder] = useState<Banner[] | null>(null);
  const banners = order ?? data?.banners ?? [];
  return (
    <>
      <h1>{t('console.area.banners')}</h1>
      <PlacementBar
        placement={placement}
        onPlacement={(p) => {
          setPlacement(p);
          setOrder(null);
          setEditing(null);
        }}
        onNew={() => setEditing('new')}
      />
      <Problem code={error} />
      <Refusal error={refused} />
      <Notice text={notice} />
      {editing ? (
        <BannerEditor
          key={editing === 'new' ? 'new' : editing.id}
          banner={editing === 'new' ? null : editing}
          placement={placement}
          onClose={() => setEditing(null)}
          onDeleted={() => {
            setEditing(null);
            setNotice(t('console.banners.deleted'));
            setOrder(null);
            reload();
          }}
          onSaved={(b) => {
            setNotice(t('console.banners.saved'));
            setEditing(b);
            setOrder(null);
            reload();
          }}
        />
      ) : null}
      {data && banners.length === 0 ? <p>{t('console.banners.none')}</p> : null}
      <p className="c-field__hint">{t('console.reorder.hint')}</p>
      <ReorderList
        items={banners}
        label={t('console.banners.order', { place: t(`console.placement.${placement}`) })}
        name={(b) => t('console.banners.name', { id: String(b.id) })}
        render={(b) => <BannerRow banner={b} onEdit={() => setEditing(b)} />}
        onOrder={(ids) => {
          const byId = new Map(banners.map((b) => [b.id, b]));
          setOrder(ids.map((id) => byId.get(id)).filter((b): b is Banner => !!b));
          call('PUT /banners/order', { body: { placement, ids } }).then(
            (a) => {
              setOrder(a.banners);
              setRefused(null);
              setNotice(t('console.banners.reordered'));
            },
            (e: unknown) => {
              // The server's order stands: show it again.
              setOrder(null);
              setRefused(e);
              reload();
            },
          );
        }}
      />
    </>
  );
}
