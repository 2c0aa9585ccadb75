import { useCallback } from 'react';
import type { AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { BreakpointPanel } from './BreakpointPanel';
import type { ChartMarks } from './chartMarks';
import { ComparePanel } from './ComparePanel';
import type { MachineCoverage } from './coverageModel';
import { CoveragePanel } from './CoveragePanel';
import { PathPanel } from './PathPanel';
import type { LiveActor } from './recorder';
import './tools.css';

/**
 * The explorer's tools under the chart, one at a time: coverage, the path to
 * a transition, two runs compared, breakpoints. Each tells the chart what to
 * mark (and the path which state to show).
 */
export type Tool = 'coverage' | 'path' | 'compare' | 'breakpoints';
const TOOLS: Tool[] = ['coverage', 'path', 'compare', 'breakpoints'];
const LABEL: Record<Tool, string> = {
  coverage: 'machines.coverage',
  path: 'machines.pathTitle',
  compare: 'machines.compare',
  breakpoints: 'machines.breakpoints',
};

export function ExplorerTools({
  name,
  machine,
  coverage,
  showCoverage,
  onShowCoverage,
  tool,
  onTool,
  pathTarget,
  onPathTarget,
  actors,
  names,
  onMarks,
  onValue,
}: {
  name: string;
  machine: AnyStateMachine;
  coverage: MachineCoverage | null;
  showCoverage: boolean;
  onShowCoverage: (on: boolean) => void;
  tool: Tool;
  onTool: (t: Tool) => void;
  pathTarget: string | null;
  onPathTarget: (key: string) => void;
  actors: LiveActor[];
  names: Map<string, string>;
  onMarks: (m: ChartMarks | null) => void;
  onValue: (v: unknown) => void;
}) {
  const showPath = useCallback(
    (s: { marks: ChartMarks; value: unknown } | null) => {
      onMarks(s?.marks ?? null);
      onValue(s ? s.value : undefined);
    },
    [onMarks, onValue],
  );
  return (
    <section className="tools">
      <div className="tabs" role="tablist" aria-label={t('machines.tools')}>
        {TOOLS.map((x) => (
          <button key={x} type="button" role="tab" className="chip" aria-selected={tool === x} data-tool={x} onClick={() => onTool(x)}>
            {t(LABEL[x])}
          </button>
        ))}
      </div>
      {tool === 'coverage' ? (
        <CoveragePanel
          coverage={coverage}
          shown={showCoverage}
          onShow={onShowCoverage}
          onPathTo={(k) => {
            onPathTarget(k);
            onTool('path');
          }}
        />
      ) : null}
      {tool === 'path' ? (
        pathTarget ? (
          <PathPanel key={pathTarget} name={name} machine={machine} target={pathTarget} onShow={showPath} />
        ) : (
          <p className="muted">{t('machines.pathPick')}</p>
        )
      ) : null}
      {tool === 'compare' ? <ComparePanel machine={machine} actors={actors} names={names} onMarks={onMarks} /> : null}
      {tool === 'breakpoints' ? <BreakpointPanel machine={machine} names={names} onMarks={onMarks} onValue={onValue} /> : null}
    </section>
  );
}
