import { useLocation } from 'wouter';
import { MACHINES } from '../../../machines/index';
import { t } from '../../i18n';
import { thisTab, type LiveActor } from './recorder';
import { select } from './explorerState';

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

function Row({ a, kids, selected }: { a: LiveActor; kids: Map<string | null, LiveActor[]>; selected: string | null }) {
  const [, navigate] = useLocation();
  const machine = MACHINES.find((m) => m.machine.id === a.machineId);
  const name = a.systemId ?? (/^x:\d+$/.test(a.id) ? null : a.id);
  const children = kids.get(a.key) ?? [];
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
      {children.length ? (
        <ul>
          {children.map((c) => (
            <Row key={c.key} a={c} kids={kids} selected={selected} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ActorTree({ actors: all, selected }: { actors: LiveActor[]; selected: string | null }) {
  // An actor created but never started (React may create one and keep another) has no step: not shown.
  const actors = all.filter((a) => a.steps.length > 0 || a.value !== null);
  const known = new Set(actors.map((a) => a.key));
  const kids = new Map<string | null, LiveActor[]>();
  for (const a of actors) {
    const p = a.parent && known.has(a.parent) ? a.parent : null;
    kids.set(p, [...(kids.get(p) ?? []), a]);
  }
  const tabs = [...new Set(actors.map((a) => a.tab))].sort((a, b) => (a === thisTab ? 1 : b === thisTab ? -1 : a.localeCompare(b)));
  return (
    <section aria-label={t('machines.live')} className="live">
      <h2>{t('machines.live')}</h2>
      {actors.length === 0 ? <p className="muted">{t('machines.noLive')}</p> : null}
      {tabs.map((tab) => (
        <div key={tab} className="live__tab">
          <h3>{tab === thisTab ? t('machines.thisTab') : `${t('machines.otherTab')} ${tab}`}</h3>
          <ul className="actor-tree">
            {(kids.get(null) ?? [])
              .filter((a) => a.tab === tab)
              .map((a) => (
                <Row key={a.key} a={a} kids={kids} selected={selected} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
