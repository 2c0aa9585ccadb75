import { memo, useCallback, useEffect, useRef, type NamedExoticComponent } from 'react';
import { useLocation } from 'wouter';
import { MACHINES } from '../../../machines/index';
import { t } from '../../i18n';
import { thisTab, type LiveActor } from './recorder';
import { select } from './explorerState';
import { useSlices } from './useSlices';

/**
 * Every recorded actor of every open tab as one tree (tab, then parent and
 * children): machine, id or system id, what tells equal rows apart (input),
 * state. Picking one follows it (and opens its machine's chart).
 */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object')
    return Object.entries(v)
      .map(([k, x]) => `${k}.${valueText(x)}`)
      .join(' | ');
  return v === null || v === undefined ? '—' : JSON.stringify(v);
}

function short(v: unknown, max = 40): string {
  if (v === null || v === undefined) return '';
  const s = JSON.stringify(v);
  if (s === '{}') return '';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Children of each actor by key (null: the roots). */
type Kids = Map<string | null, LiveActor[]>;
const NONE: LiveActor[] = [];

/**
 * One actor and its children. Memoised on the actor object (the recorder replaces only the
 * actors that changed) and its children list: with hundreds of live actors, a step re-renders
 * the rows on its way, not the whole tree.
 */
interface RowProps {
  a: LiveActor;
  kids: Kids;
  childActors: LiveActor[];
  selected: string | null;
  navigate: (to: string) => void;
}

const Row: NamedExoticComponent<RowProps> = memo(function Row({ a, kids, childActors, selected, navigate }: RowProps) {
  const machine = MACHINES.find((m) => m.machine.id === a.machineId);
  const name = a.systemId ?? (/^x:\d+$/.test(a.id) ? null : a.id);
  return (
    <li data-live-machine={a.machineId} data-actor-key={a.key} data-status={a.status}>
      <button
        type="button"
        className={`actor-row${a.key === selected ? ' actor-row--on' : ''}${a.status === 'active' ? '' : ' actor-row--stopped'}`}
        aria-pressed={a.key === selected}
        onClick={() => {
          select({ actorKey: a.key, step: null });
          if (machine) navigate(`/machines/${machine.name}`);
        }}
      >
        <strong>{machine?.name ?? a.machineId}</strong>
        {name ? <span className="actor-row__id">#{name}</span> : null}
        {short(a.input) ? <span className="actor-row__input">{short(a.input)}</span> : null}
        <code data-testid="live-state">{JSON.stringify(a.value)}</code>
        {a.status === 'active' ? null : <span className="muted">({a.status})</span>}
      </button>
      {childActors.length ? (
        <ul>
          {childActors.map((c) => (
            <Row key={c.key} a={c} kids={kids} selected={selected} navigate={navigate} childActors={kids.get(c.key) ?? NONE} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}, sameRow);

/** Equal when the actor, the selection as it concerns this row and its children's objects are. */
function sameRow(p: RowProps, q: RowProps): boolean {
  if (p.a !== q.a || p.navigate !== q.navigate || p.childActors.length !== q.childActors.length) return false;
  if (p.selected !== q.selected && (p.selected === p.a.key || q.selected === q.a.key || p.childActors.length > 0)) return false;
  // A grandchild's change reaches its row only through its parent's: rows with grandchildren always render.
  return p.childActors.every(
    (c, i) => c === q.childActors[i] && (q.kids.get(c.key) ?? NONE).length === 0 && (p.kids.get(c.key) ?? NONE).length === 0,
  );
}

/** Rows mounted per frame (useSlices): 20 rows are a hundred elements, a short commit and layout. */
const SLICE = 20;

export function ActorTree({ actors: all, selected }: { actors: LiveActor[]; selected: string | null }) {
  const [location, navigate] = useLocation();
  // Picking a row of the machine shown follows it without a navigation (a history entry, the app's route effects).
  const at = useRef(location);
  useEffect(() => {
    at.current = location;
  });
  const go = useCallback((to: string) => (to === at.current ? undefined : navigate(to)), [navigate]);
  // An actor created but never started (React may create one and keep another) has no step: not shown.
  const actors = all.filter((a) => a.steps.length > 0 || a.value !== null);
  const known = new Set(actors.map((a) => a.key));
  const parentOf = (a: LiveActor) => (a.parent && known.has(a.parent) ? a.parent : null);
  const childrenOf = (list: LiveActor[]) => {
    const kids: Kids = new Map();
    for (const a of list) {
      const p = parentOf(a);
      const mine = kids.get(p);
      if (mine) mine.push(a);
      else kids.set(p, [a]);
    }
    return kids;
  };
  const tree = childrenOf(actors);
  const tabOrder = (a: string, b: string) => (a === thisTab ? 1 : b === thisTab ? -1 : a.localeCompare(b));
  // The rows in the order they are drawn (tab, then each root and its children): the first `shown` of them are mounted.
  const order: LiveActor[] = [];
  const visit = (a: LiveActor) => {
    order.push(a);
    for (const c of tree.get(a.key) ?? NONE) visit(c);
  };
  const roots = tree.get(null) ?? NONE;
  for (const tab of [...new Set(roots.map((a) => a.tab))].sort(tabOrder)) for (const a of roots) if (a.tab === tab) visit(a);
  const shown = useSlices(order.length, SLICE);
  const kids = shown < order.length ? childrenOf(order.slice(0, shown)) : tree;
  const tabs = [...new Set((kids.get(null) ?? NONE).map((a) => a.tab))].sort(tabOrder);
  return (
    <section aria-label={t('machines.live')} className="live">
      <h2>{t('machines.live')}</h2>
      {actors.length === 0 ? <p className="muted">{t('machines.noLive')}</p> : null}
      {tabs.map((tab) => (
        <div key={tab} className="live__tab">
          <h3>{tab === thisTab ? t('machines.thisTab') : `${t('machines.otherTab')} ${tab}`}</h3>
          <ul className="actor-tree">
            {(kids.get(null) ?? NONE)
              .filter((a) => a.tab === tab)
              .map((a) => (
                <Row key={a.key} a={a} kids={kids} selected={selected} navigate={go} childActors={kids.get(a.key) ?? NONE} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
