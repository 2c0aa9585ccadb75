import type { DragEvent } from 'react';
import { t } from '../../i18n';
import { MARK_COLOURS } from './chartMarks';
import { fraction, type MachineCoverage } from './coverageModel';
import { loadCoverageText, useCoverage } from './coverageStore';

/**
 * Coverage on the chart: where the record came from, loading another (a
 * file picked or dropped), the legend, and what no UI run took (each with
 * a button for the shortest path to it) or is a listed exception (with why).
 */
export function dropCoverage(e: DragEvent): void {
  const f = e.dataTransfer.files[0];
  if (!f) return;
  e.preventDefault();
  void f.text().then((text) => loadCoverageText(text, f.name));
}

function Swatch({ colour }: { colour: string }) {
  return <span className="coverage__swatch" style={{ background: colour }} aria-hidden="true" />;
}

export function CoveragePanel({
  coverage,
  shown,
  onShow,
  onPathTo,
}: {
  coverage: MachineCoverage | null;
  shown: boolean;
  onShow: (on: boolean) => void;
  onPathTo: (key: string) => void;
}) {
  const { records, source, error } = useCoverage();
  return (
    <section className="coverage" aria-label={t('machines.coverage')} onDragOver={(e) => e.preventDefault()} onDrop={dropCoverage}>
      <div className="coverage__head">
        <label>
          <input
            type="checkbox"
            checked={shown}
            disabled={!coverage}
            onChange={(e) => onShow(e.target.checked)}
            data-testid="show-coverage"
          />{' '}
          {t('machines.showCoverage')}
        </label>
        <span className="muted" data-testid="coverage-source">
          {records
            ? t(source === 'tree' ? 'machines.coverageFromTree' : 'machines.coverageFromFile', { file: source ?? '' })
            : t('machines.noCoverage')}
        </span>
        <label className="button">
          {t('machines.loadCoverage')}
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            data-testid="load-coverage"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void f.text().then((text) => loadCoverageText(text, f.name));
            }}
          />
        </label>
      </div>
      {error ? (
        <p role="alert" className="stepper__error">
          {error}
        </p>
      ) : null}
      {coverage ? (
        <CoverageDetail coverage={coverage} onPathTo={onPathTo} />
      ) : records ? (
        <p className="muted">{t('machines.noCoverageHere')}</p>
      ) : null}
    </section>
  );
}

/** The machine's coverage: the summary, the legend, and what is not covered (a path to each transition) or excepted. */
function CoverageDetail({ coverage, onPathTo }: { coverage: MachineCoverage; onPathTo: (key: string) => void }) {
  const missing = coverage.totalTransitions.filter((k) => !coverage.transitions.has(k) && !coverage.exceptions.has(k));
  const missingStates = coverage.totalStates.filter((k) => !coverage.states.has(k) && !coverage.exceptions.has(k));
  return (
    <>
      <p data-testid="coverage-summary">
        {t('machines.coverageSummary', {
          runs: coverage.runs,
          states: fraction(coverage, 'states'),
          transitions: fraction(coverage, 'transitions'),
        })}
      </p>
      <p className="coverage__legend">
        <Swatch colour={MARK_COLOURS.covered[0]} /> {t('machines.legendCovered')} <Swatch colour={MARK_COLOURS.uncovered} />{' '}
        {t('machines.legendUncovered')} <Swatch colour={MARK_COLOURS.excepted} /> {t('machines.legendExcepted')}
      </p>
      <ul className="coverage__list" data-testid="uncovered">
        {missingStates.map((k) => (
          <li key={k} data-uncovered={k}>
            <code>{k}</code>
          </li>
        ))}
        {missing.map((k) => (
          <li key={k} data-uncovered={k}>
            <code>{k}</code>{' '}
            <button type="button" className="chip" onClick={() => onPathTo(k)}>
              {t('machines.pathToIt')}
            </button>
          </li>
        ))}
        {[...coverage.exceptions].map(([k, why]) => (
          <li key={k} data-excepted={k}>
            <code>{k}</code>: <span className="muted">{why}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
