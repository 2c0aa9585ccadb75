import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'wouter';
import type { AnyStateMachine } from 'xstate';
import { MACHINES, machineByName } from '../../../machines/index';
import { t } from '../../i18n';
import { liveActors, onLiveActors, startTracking, thisTab } from '../../lib/inspector';
import { Stepper } from './Stepper';
import { layoutMachine, machineJson, type Chart, type ChartNode } from './chart';
import './machines.css';

/** Active state ids of a snapshot value, e.g. "favoriteToggle.subscribed". */
function activeIds(machineId: string, value: unknown): Set<string> {
  const out = new Set<string>([machineId]);
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') out.add(`${prefix}.${v}`);
    else if (v && typeof v === 'object')
      for (const [k, sub] of Object.entries(v)) {
        out.add(`${prefix}.${k}`);
        walk(`${prefix}.${k}`, sub);
      }
  };
  walk(machineId, value);
  return out;
}

function useChart(machine: AnyStateMachine | undefined): Chart | null {
  // The chart laid out for a machine; another machine's is not shown while this one's is laid out.
  const [laidOut, setLaidOut] = useState<{ machine: AnyStateMachine; chart: Chart } | null>(null);
  useEffect(() => {
    let live = true;
    if (machine) void layoutMachine(machine).then((chart) => live && setLaidOut({ machine, chart }));
    return () => {
      live = false;
    };
  }, [machine]);
  return laidOut && laidOut.machine === machine ? laidOut.chart : null;
}

function NodeBox({ n, active }: { n: ChartNode; active: Set<string> }) {
  const on = active.has(n.id);
  return (
    <g data-state-id={n.id} className={`sc-node${on ? ' sc-node--active' : ''}${n.children.length ? ' sc-node--compound' : ''}`}>
      <rect x={n.x} y={n.y} width={n.w} height={n.h} rx={8} />
      {n.initial ? <circle cx={n.x - 6} cy={n.y + 12} r={4} className="sc-initial" /> : null}
      <text x={n.x + 10} y={n.y + (n.children.length ? 20 : n.h / 2 + 5)}>
        {n.label}
        {n.type === 'final' ? ' ◉' : ''}
      </text>
      {n.children.map((c) => (
        <NodeBox key={c.id} n={c} active={active} />
      ))}
    </g>
  );
}

function Statechart({ chart, active, svgRef }: { chart: Chart; active: Set<string>; svgRef?: React.Ref<SVGSVGElement> }) {
  return (
    <svg
      ref={svgRef}
      className="statechart"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`-10 -10 ${chart.width} ${chart.height}`}
      width={chart.width}
      height={chart.height}
      role="img"
    >
      <defs>
        <marker id="sc-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0L10 5L0 10z" fill="#9aa" />
        </marker>
      </defs>
      {chart.nodes.map((n) => (
        <NodeBox key={n.id} n={n} active={active} />
      ))}
      {chart.edges.map((e) => (
        <g key={e.id} className="sc-edge" data-edge={e.label}>
          <polyline points={e.points.map((p) => `${p.x},${p.y}`).join(' ')} markerEnd="url(#sc-arrow)" />
          <text x={e.labelX} y={e.labelY + 11}>
            {e.label}
          </text>
        </g>
      ))}
    </svg>
  );
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function LiveList({ machineId, onPick }: { machineId?: string; onPick: (key: string) => void }) {
  const actors = useSyncExternalStore(onLiveActors, liveActors, liveActors);
  const shown = machineId ? actors.filter((a) => a.machineId === machineId) : actors;
  return (
    <section aria-label={t('machines.live')} className="live">
      <h2>{t('machines.live')}</h2>
      {shown.length === 0 ? <p className="muted">{t('machines.noLive')}</p> : null}
      <ul>
        {shown.map((a) => (
          <li key={a.key} data-live-machine={a.machineId}>
            <button type="button" className="chip" onClick={() => onPick(a.key)}>
              {a.machineId} · <code data-testid="live-state">{JSON.stringify(a.value)}</code>{' '}
              {a.tab === thisTab ? '' : t('machines.otherTab')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MachinesScreen() {
  const { name } = useParams<{ name?: string }>();
  useEffect(() => startTracking(), []);
  const entry = name ? machineByName(name) : MACHINES[0];
  const machine = entry?.machine;
  const chart = useChart(machine);
  const [stepValue, setStepValue] = useState<unknown>(undefined);
  const [followKey, setFollowKey] = useState<string | null>(null);
  const actors = useSyncExternalStore(onLiveActors, liveActors, liveActors);
  const followed = followKey ? actors.find((a) => a.key === followKey) : undefined;
  const active = useMemo(() => activeIds(machine?.id ?? '', followed ? followed.value : stepValue), [machine, followed, stepValue]);
  const svgRef = useRef<SVGSVGElement>(null);
  return (
    <main className="machines" data-screen="machines">
      <nav className="machines__list" aria-label={t('machines.all')}>
        <h1>{t('machines.title')}</h1>
        <ul>
          {MACHINES.map((m) => (
            <li key={m.name}>
              <Link href={`/machines/${m.name}`} aria-current={m.name === entry?.name ? 'page' : undefined}>
                {m.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {entry && machine ? (
        <div className="machines__main">
          <header className="machines__head">
            <h2 data-testid="machine-name">{entry.name}</h2>
            <button
              type="button"
              className="button"
              disabled={!chart}
              onClick={() =>
                svgRef.current && download(`${entry.name}.svg`, 'image/svg+xml', new XMLSerializer().serializeToString(svgRef.current))
              }
            >
              {t('machines.exportSvg')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => download(`${entry.name}.json`, 'application/json', machineJson(machine))}
            >
              {t('machines.exportJson')}
            </button>
            {followed ? (
              <button type="button" className="button" onClick={() => setFollowKey(null)}>
                {t('machines.stopFollowing')}
              </button>
            ) : null}
          </header>
          <div className="machines__chart">
            {chart ? <Statechart chart={chart} active={active} svgRef={svgRef} /> : <p>{t('common.loading')}</p>}
          </div>
          <div className="machines__panels">
            <Stepper key={entry.name} machine={machine} onState={setStepValue} />
            <LiveList machineId={machine.id} onPick={setFollowKey} />
          </div>
        </div>
      ) : (
        <p>{t('machines.unknown')}</p>
      )}
    </main>
  );
}
