import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useParams } from 'wouter';
import type { AnyStateMachine } from 'xstate';
import { MACHINES, machineByName } from '../../../machines/index';
import { t } from '../../i18n';
import { askOtherTabs, liveActors, onLiveActors, sentEvents, type LiveActor, type SentEvent } from './recorder';
import { ActorPanel } from './ActorPanel';
import { ActorTree } from './ActorTree';
import { layoutMachine, type Chart } from './chart';
import { layoutInWorker } from './elkClient';
import { ChartView } from './ChartView';
import { coverageMarks, type ChartMarks } from './chartMarks';
import { machineCoverage } from './coverageModel';
import { dropCoverage } from './CoveragePanel';
import { loadTreeCoverage, useCoverage } from './coverageStore';
import { ExplorerTools, type Tool } from './ExplorerTools';
import { MachineList } from './MachineList';
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
      layoutMachine(machine, layoutInWorker).then(
        // The chart's SVG (hundreds of elements for the largest machine) is rendered in slices too.
        (chart) => live && startTransition(() => setLaidOut({ machine, chart, error: null })),
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
  useEffect(() => {
    askOtherTabs();
    loadTreeCoverage();
  }, []);
  const actors = useSyncExternalStore(onLiveActors, liveActors, liveActors);
  const sent = useSyncExternalStore(onLiveActors, sentEvents, sentEvents);
  const { actorKey, step } = useSelection();
  // What the route, the live tabs and the selection change is rendered as a transition (React renders it in slices,
  // yielding to the page between them), not in one task: a store update or a route change alone renders nothing here.
  const shown = {
    name: useDeferredValue(name),
    actors: useDeferredValue(actors),
    sent: useDeferredValue(sent),
    actorKey: useDeferredValue(actorKey),
    step: useDeferredValue(step),
  };
  return <Explorer {...shown} />;
}

interface ExplorerProps {
  name: string | undefined;
  actors: LiveActor[];
  sent: SentEvent[];
  actorKey: string | null;
  step: number | null;
}

const Explorer = memo(function Explorer({ name, actors, sent, actorKey, step }: ExplorerProps) {
  const entry = name ? machineByName(name) : MACHINES[0];
  const machine = entry?.machine;
  const { chart, error: chartError } = useChart(machine);
  const [stepValue, setStepValue] = useState<unknown>(undefined);
  // The stepper tells its state from an effect (a new machine's stepper as it mounts): a transition, not a render of
  // the whole explorer in one task.
  const onState = useCallback((v: unknown) => startTransition(() => setStepValue(v)), []);
  const found = actorKey ? actors.find((a) => a.key === actorKey) : undefined;
  // Following stays with its machine: another machine's chart shows its own stepper.
  const followed = found && found.machineId === machine?.id ? found : undefined;
  const names = useMemo(() => actorNames(actors), [actors]);
  const shownValue = followed ? (followed.steps[step ?? followed.steps.length - 1]?.after ?? followed.value) : stepValue;
  const svgRef = useRef<SVGSVGElement>(null);
  const sameMachine = useMemo(() => actors.filter((a) => a.machineId === machine?.id), [actors, machine]);
  const tools = useToolState(entry, name, shownValue);
  return (
    <main className="machines" data-screen="machines">
      <MachineList current={entry?.name} onDrop={dropCoverage} />
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
                active={tools.chartActive}
                marks={tools.marks}
                svgRef={svgRef}
                onPick={tools.onPick}
              />
            ) : (
              <p role={chartError ? 'alert' : undefined}>{chartError ?? t('common.loading')}</p>
            )}
          </div>
          <ExplorerTools
            key={entry.name}
            name={entry.name}
            machine={machine}
            coverage={tools.coverage}
            showCoverage={tools.showCoverage}
            onShowCoverage={tools.setShowCoverage}
            tool={tools.tool}
            onTool={tools.setTool}
            pathTarget={tools.pathTarget}
            onPathTarget={tools.setPathTarget}
            actors={sameMachine}
            names={names}
            onMarks={tools.setOverlay}
            onValue={tools.setOverlayValue}
          />
          {tools.pick && tools.pick.machine === entry.name ? (
            <SourceView name={entry.name} pick={tools.pick.pick} onClose={() => tools.setPick(null)} />
          ) : null}
          <div className="machines__panels">
            <div>
              {followed ? (
                <>
                  <ActorPanel actor={followed} step={step} machineName={entry.name} machine={machine} names={names} />
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
});

/**
 * The tools' state: the machine's coverage (shown or not), the open tool, the
 * path's target, and what the chart marks: a path or two compared runs while
 * their tool is open, otherwise the coverage.
 */
function useToolState(entry: ReturnType<typeof machineByName>, name: string | undefined, shownValue: unknown) {
  const machine = entry?.machine;
  const { records } = useCoverage();
  const coverage = useMemo(() => (records && entry ? machineCoverage(records, entry.name) : null), [records, entry]);
  const [showCoverage, setShowCoverage] = useState(true);
  const [tool, setTool] = useState<Tool>('coverage');
  const [pathFor, setPathFor] = useState<{ machine: string; key: string } | null>(null);
  const pathTarget = pathFor && pathFor.machine === entry?.name ? pathFor.key : null;
  const setPathTarget = useCallback((key: string) => setPathFor({ machine: name ?? '', key }), [name]);
  // A path or two compared runs mark the chart while their tool is open; otherwise the coverage does.
  const [overlay, setOverlay] = useState<ChartMarks | null>(null);
  const [overlayValue, setOverlayValue] = useState<unknown>(undefined);
  const covMarks = useMemo(() => (coverage && showCoverage ? coverageMarks(coverage) : null), [coverage, showCoverage]);
  const marks = tool === 'path' || tool === 'compare' || tool === 'breakpoints' ? overlay : covMarks;
  const chartValue = (tool === 'path' || tool === 'breakpoints') && overlayValue !== undefined ? overlayValue : shownValue;
  const chartActive = useMemo(() => activeIds(machine?.id ?? '', chartValue), [machine, chartValue]);
  const [pick, setPick] = useState<{ machine: string; pick: Pick } | null>(null);
  // The same function from render to render: the chart's memoised states and edges keep it.
  const entryName = entry?.name;
  const onPick = useCallback(
    (p: Pick) => {
      setPick(entryName ? { machine: entryName, pick: p } : null);
      if (p.kind === 'transition') {
        setPathTarget(p.key);
        setTool('path');
      }
    },
    [entryName, setPathTarget, setTool],
  );
  return {
    coverage,
    showCoverage,
    setShowCoverage,
    tool,
    setTool,
    pathTarget,
    setPathTarget,
    setOverlay,
    setOverlayValue,
    marks,
    chartActive,
    pick,
    setPick,
    onPick,
  };
}
