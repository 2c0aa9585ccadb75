import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { MARK_COLOURS, routeMarks, type ChartMarks } from './chartMarks';
import { download } from './download';
import { foundAsRecordedPath, pathToTransition } from './pathToEdge';
import { offeredEvents, presetInputs } from './presets';
import { vitestFile } from './recordedTest';

/**
 * A path to any edge: the shortest event path (from @xstate/graph) that takes
 * the transition picked (on the chart or in the coverage list), shown on the
 * chart step by step (the path in violet, the step's transitions in yellow,
 * the chart's active state following), and exported as a model path for
 * tests/model/recordedPath.ts or as a Vitest test.
 */
export function PathPanel({
  name,
  machine,
  target,
  onShow,
}: {
  name: string;
  machine: AnyStateMachine;
  target: string;
  /** What the chart shows for the step picked (null: the path is closed). */
  onShow: (shown: { marks: ChartMarks; value: unknown } | null) => void;
}) {
  const found = useMemo(
    () => pathToTransition(machine, target, presetInputs(name), offeredEvents(name, machine.events as string[])),
    [machine, name, target],
  );
  const [at, setAt] = useState(0);
  const last = found ? found.steps.length - 1 : 0;
  const step = Math.min(at, last);
  useShownStep(found, step, onShow);
  const recorded = found ? foundAsRecordedPath(name, found) : null;
  return (
    <section className="path-panel" aria-label={t('machines.pathTitle')}>
      <h3>
        {t('machines.pathTitle')} <code data-testid="path-target">{target}</code>
      </h3>
      {found && recorded ? (
        <>
          <p>{t('machines.pathLength', { count: found.events.length })}</p>
          {found.input !== undefined ? (
            <p>
              {t('machines.input')}: <code data-testid="path-input">{JSON.stringify(found.input)}</code>
            </p>
          ) : null}
          <ol className="path-panel__steps" data-testid="path-steps">
            {found.steps.map((s, i) => (
              <li key={i} className={i === step ? 'path-panel__step--at' : undefined} data-at={i === step ? 'true' : undefined}>
                <button type="button" className="chip" onClick={() => setAt(i)}>
                  <code>{s.event.type}</code> → <code>{JSON.stringify(s.value)}</code>
                </button>
              </li>
            ))}
          </ol>
          <div className="stepper__row">
            <button type="button" className="button" disabled={step === 0} onClick={() => setAt(step - 1)}>
              {t('machines.prevStep')}
            </button>
            <button type="button" className="button" disabled={step === last} onClick={() => setAt(step + 1)}>
              {t('machines.nextStep')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => download(`${name}.path.json`, 'application/json', JSON.stringify(recorded, null, 2))}
            >
              {t('machines.exportPath')}
            </button>
            <button type="button" className="button" onClick={() => download(`${name}.path.test.ts`, 'text/plain', vitestFile(recorded))}>
              {t('machines.exportTest')}
            </button>
          </div>
        </>
      ) : (
        <p role="status" data-testid="path-none">
          {t('machines.noPath')}
        </p>
      )}
    </section>
  );
}

type Found = ReturnType<typeof pathToTransition>;

/** The chart shows the path and the step picked (its transitions and the state it reaches); nothing once closed. */
function useShownStep(found: Found, step: number, onShow: (shown: { marks: ChartMarks; value: unknown } | null) => void): void {
  useEffect(() => {
    if (!found) return onShow(null);
    const all = found.steps.flatMap((s) => s.transitions);
    const now = found.steps[step];
    onShow({
      marks: routeMarks([
        { states: now.states, edges: now.transitions, mark: { colour: MARK_COLOURS.pathNow, kind: 'path-now' } },
        { states: [], edges: all, mark: { colour: MARK_COLOURS.path, kind: 'path' } },
      ]),
      value: now.value,
    });
  }, [found, step, onShow]);
  useEffect(() => () => onShow(null), [onShow]);
}
