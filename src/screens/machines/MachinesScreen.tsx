import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'wouter';
import type { AnyStateMachine } from 'xstate';
import { MACHINES, machineByName } from '../../../machines/index';
import { t } from '../../i18n';
import { askOtherTabs, liveActors, onLiveActors, sentEvents, type LiveActor } from './recorder';
import { ActorPanel } from './ActorPanel';
import { ActorTree } from './ActorTree';
import { layoutMachine, type Chart } from './chart';
import { ChartView } from './ChartView';
import { ExportBar } from './ExportBar';
import { useSelection, select } from './explorerState';
import { SequenceDiagram } from './SequenceDiagram';
import { SourceView } from './SourceView';
import type { Pick } from './Statechart';
import { Stepper } from './Stepper';
import './machines.css';

/**
 * The machine explorer (/machines/:name): the chart of a machine (ELK
 * layout, pan/zoom), the stepper, every live actor of every tab of the app
 * as a tree, and for the actor followed its context, event log, sequence
 * diagram, time travel and exports (recorded session as a test).
 */
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
  if (value !== undefined && value !== null) walk(machineId, value);
  return out;
}

function useChart(machine: AnyStateMachine | undefined): { chart: Chart | null; error: string | null } {
  // Another machine's chart is not shown while this one's is laid out.
  const [laidOut, setLaidOut] = useState<{ machine: AnyStateMachine; chart: Chart | null; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    if (machine)
      layoutMachine(machine).then(
        (chart) => live && setLaidOut({ machine, chart, error: null }),
        (e: unknown) => live && setLaidOut({ machine, chart: null, error: String(e) }),
      );
    return () => {
      live = false;
    };
  }, [machine]);
  return laidOut && laidOut.machine === machine ? laidOut : { chart: null, error: null };
}

function actorNames(actors: LiveActor[]): Map<string, string> {
  const byId = new Map(MACHINES.map((m) => [m.machine.id, m.name]));
  return new Map(
    actors.map((a) => {
      const id = a.systemId ?? (/^x:\d+$/.test(a.id) ? '' : a.id);
      return [a.key, `${byId.get(a.machineId) ?? a.machineId}${id ? `#${id}` : ''}`];
    }),
  );
}

export default function MachinesScreen() {
  const { name } = useParams<{ name?: string }>();
  useEffect(() => askOtherTabs(), []);
  const entry = name ? machineByName(name) : MACHINES[0];
  const machine = entry?.machine;
  const { chart, error: chartError } = useChart(machine);
  const [stepValue, setStepValue] = useState<unknown>(undefined);
  const onState = useCallback((v: unknown) => setStepValue(v), []);
  const [pick, setPick] = useState<{ machine: string; pick: Pick } | null>(null);
  const actors = useSyncExternalStore(onLiveActors, liveActors, liveActors);
  const sent = useSyncExternalStore(onLiveActors, sentEvents, sentEvents);
  const { actorKey, step } = useSelection();
  const found = actorKey ? actors.find((a) => a.key === actorKey) : undefined;
  // Following stays with its machine: another machine's chart shows its own stepper.
  const followed = found && found.machineId === machine?.id ? found : undefined;
  const names = useMemo(() => actorNames(actors), [actors]);
  const shownValue = followed ? (followed.steps[step ?? followed.steps.length - 1]?.after ?? followed.value) : stepValue;
  const active = useMemo(() => activeIds(machine?.id ?? '', shownValue), [machine, shownValue]);
  const svgRef = useRef<SVGSVGElement>(null);
  const sameMachine = useMemo(() => actors.filter((a) => a.machineId === machine?.id), [actors, machine]);
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
            {followed ? (
              <button type="button" className="button" onClick={() => select({ actorKey: null, step: null })}>
                {t('machines.stopFollowing')}
              </button>
            ) : null}
            <ExportBar name={entry.name} machine={machine} svgRef={svgRef} ready={!!chart} />
          </header>
          <div className="machines__chart">
            {chart ? (
              <ChartView
                key={entry.name}
                chart={chart}
                active={active}
                svgRef={svgRef}
                onPick={(p) => setPick({ machine: entry.name, pick: p })}
              />
            ) : (
              <p role={chartError ? 'alert' : undefined}>{chartError ?? t('common.loading')}</p>
            )}
          </div>
          {pick && pick.machine === entry.name ? <SourceView name={entry.name} pick={pick.pick} onClose={() => setPick(null)} /> : null}
          <div className="machines__panels">
            <div>
              {followed ? (
                <>
                  <ActorPanel actor={followed} step={step} machineName={entry.name} names={names} />
                  <SequenceDiagram focus={followed.key} sent={sent} names={names} />
                </>
              ) : (
                <Stepper key={entry.name} name={entry.name} machine={machine} live={sameMachine} onState={onState} />
              )}
            </div>
            <ActorTree actors={actors} selected={followed?.key ?? null} />
          </div>
        </div>
      ) : (
        <p>{t('machines.unknown')}</p>
      )}
    </main>
  );
}
