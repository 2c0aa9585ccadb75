import { Link, useParams } from 'wouter';
import { useMachine } from '@xstate/react';
import { listFilterMachine, type ListFilterContext, type ListFilterEvent, type ListSort } from '../../../machines/listFilterMachine';
import { LabelCode } from '../../../core/gen/manga/v1/common_pb';
import type { SearchView } from '../../../core/gen/manga/v1/home_pb';
import { useApi } from '../../api/useApi';
import { locale, t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { langQuery } from '../../lib/prefs';
import { saveListSelection, storedContentLangs, storedListSelection } from '../../lib/storage';
import { genreName } from '../../lib/genres';
import { displayTitle, filterGroups, labelKey, sortGroups } from '../../lib/titleGroups';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { TabNav } from '../../ui/TabNav';
import { Loading } from '../../ui/Loading';
import { Modal } from '../../ui/Modal';
import { TitleGrid } from '../../ui/TitleCard';
import { MANGA_LIST_TABS, type MangaListTab } from '../../../core/routes';
import '../common.css';

/** Route tab → the all_v3 type parameter (000 §7). */
const API_TYPE: Record<MangaListTab, string> = { ongoing: 'serializing', completed: 'completed', one_shot: 'one-shot' };
const SORTS: ListSort[] = ['az', 'za', 'recent'];
/** 001 §3: the public labels, then the filter's extra revival, mee and others. */
const FILTER_LABELS: LabelCode[] = [
  LabelCode.WJ,
  LabelCode.SQ,
  LabelCode.VJ,
  LabelCode.YJ,
  LabelCode.J_PLUS,
  LabelCode.CREATORS,
  LabelCode.TYJ,
  LabelCode.SKJ,
  LabelCode.GIGA,
  LabelCode.UJ,
  LabelCode.DX,
  LabelCode.REVIVAL,
  LabelCode.MEE,
  LabelCode.OTHERS,
];

function readSelection(): Partial<ListFilterContext> {
  const { tag, label, sort } = storedListSelection();
  return { tag, label, sort: SORTS.includes(sort as ListSort) ? (sort as ListSort) : 'az' };
}

function MangaListView({ view }: { view: SearchView }) {
  const [state, send] = useMachine(listFilterMachine.provide({ actions: { saveSelection: (_, c) => saveListSelection(c) } }), {
    input: readSelection(),
    inspect,
  });
  const { tag, label, sort } = state.context;
  const langs = storedContentLangs();
  const groups = sortGroups(filterGroups(view.allTitlesGroup, langs, tag, label), sort, langs, locale());
  // 000 §2: the One-shot tag is hidden from the genre list.
  const tags = view.allTags.filter((x) => x.slug !== 'one-shot');
  const picked = tags.find((x) => x.slug === tag);
  const tagName = picked ? genreName(picked) : undefined;
  return (
    <>
      <div className="toolbar">
        <button type="button" className="chip" onClick={() => send({ type: 'filter.open' })} aria-haspopup="dialog">
          {t('lists.filter')}
          {tag || label ? ` (${[tagName, label].filter(Boolean).join(', ')})` : ''}
        </button>
        <button type="button" className="chip" onClick={() => send({ type: 'sort.open' })} aria-haspopup="dialog">
          {t('lists.sort')}: {t(`lists.sort_${sort}`)}
        </button>
        <span className="toolbar__count" aria-live="polite">
          {t('lists.count', { n: groups.length })}
        </span>
      </div>
      <FilterModal open={state.matches('filterOpen')} tags={tags} tag={tag} label={label} count={groups.length} send={send} />
      <SortModal open={state.matches('sortOpen')} sort={sort} send={send} />
      {groups.length === 0 ? (
        <p className="empty-state" data-testid="not-found-result">
          {t('lists.notFound')}
        </p>
      ) : (
        <TitleGrid testId="title-grid" titles={groups.flatMap((g) => displayTitle(g, langs) ?? [])} />
      )}
    </>
  );
}

type Send = (e: ListFilterEvent) => void;

/** The genres (one checked at most) and the labels to filter by, clearing and showing the count. */
function FilterModal({
  open,
  tags,
  tag,
  label,
  count,
  send,
}: {
  open: boolean;
  tags: SearchView['allTags'];
  tag: ListFilterContext['tag'];
  label: ListFilterContext['label'];
  count: number;
  send: Send;
}) {
  return (
    <Modal open={open} onClose={() => send({ type: 'modal.close' })} title={t('lists.filter')}>
      <div className="modal-section">
        <h3>{t('lists.byGenre')}</h3>
        <ul className="option-list">
          {tags.map((x) => (
            <li key={x.slug}>
              <label>
                <input type="checkbox" checked={tag === x.slug} onChange={() => send({ type: 'filter.tag', slug: x.slug })} />
                <span>{genreName(x)}</span>
              </label>
            </li>
          ))}
        </ul>
        <h3>{t('lists.byLabel')}</h3>
        <ul className="option-list">
          {FILTER_LABELS.map((code) => {
            const k = labelKey(code);
            return (
              <li key={k}>
                <label>
                  <input type="checkbox" checked={label === k} onChange={() => send({ type: 'filter.label', code: k })} />
                  <span>{k.replace('_', ' ')}</span>
                </label>
              </li>
            );
          })}
        </ul>
        <p className="toolbar">
          <button type="button" className="button" onClick={() => send({ type: 'filter.clear' })}>
            {t('lists.clear')}
          </button>
          <button type="button" className="button button--primary" onClick={() => send({ type: 'modal.close' })}>
            {t('lists.show', { n: count })}
          </button>
        </p>
      </div>
    </Modal>
  );
}

/** The orders, the current one disabled. */
function SortModal({ open, sort, send }: { open: boolean; sort: ListSort; send: Send }) {
  return (
    <Modal open={open} onClose={() => send({ type: 'modal.close' })} title={t('lists.sort')}>
      <ul className="option-list option-list--column">
        {SORTS.map((s) => (
          <li key={s}>
            <label>
              <input
                type="radio"
                name="sort"
                checked={sort === s}
                disabled={sort === s}
                onChange={() => send({ type: 'sort.set', sort: s })}
              />
              <span>{t(`lists.sort_${s}`)}</span>
            </label>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

export default function MangaListScreen() {
  const { tab } = useParams<{ tab: MangaListTab }>();
  const list = useApi('/title_list/all_v3', { query: { ...langQuery(), type: API_TYPE[tab] } }, (r) =>
    r.data.case === 'searchView' ? r.data.value : undefined,
  );
  return (
    <main className="content" data-screen="manga_list">
      <Breadcrumbs items={[{ label: t('lists.heading'), href: '/manga_list/ongoing' }, { label: t(`lists.tab_${tab}`) }]} />
      <h1>{t('lists.heading')}</h1>
      <TabNav label={t('lists.tabs')} current={tab}>
        {MANGA_LIST_TABS.map((k) => (
          <Link key={k} href={`/manga_list/${k}`} aria-current={k === tab ? 'page' : undefined}>
            {t(`lists.tab_${k}`)}
          </Link>
        ))}
      </TabNav>
      {list.status !== 'ok' ? <Loading /> : <MangaListView key={tab} view={list.data} />}
    </main>
  );
}
