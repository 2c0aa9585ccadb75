import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { parseCondition, type Breakpoint } from './breakpointRules';
import { currentBreakpoints, onBreakpoints, pausedActors, resumeActor, setBreakpoints } from './breakpoints';
import { MARK_COLOURS, type ChartMarks } from './chartMarks';
import { stateKeysOf, transitionKeysOf } from './chartModel';
import { microstepLabel, type Microstep } from './microsteps';

/**
 * Breakpoints on this machine: on entering a state or taking a transition,
 * with an optional condition; every app tab holds its actors of the machine
 * before such a step. What is paused now (in any tab) with its pending event,
 * and Step, Continue and Drop for each. When the pending event leads through
 * several microsteps, they are listed and Step walks them one at a time (the
 * next one marked on the chart, the chart showing the state before it).
 */
function microMarks(steps: Microstep[], at: number): ChartMarks {
  const marks: ChartMarks = { states: new Map(), edges: new Map() };
  steps.forEach((m, i) => {
    if (i > at) return;
    const mark =
      i === at ? { colour: MARK_COLOURS.pathNow, kind: 'microstep-next' } : { colour: MARK_COLOURS.path, kind: 'microstep-done' };
    for (const tr of m.transitions) marks.edges.set(tr.key, [{ ...mark, title: `${i + 1}. ${microstepLabel(m)}` }]);
  });
  return marks;
}

export function BreakpointPanel({
  machine,
  names,
  onMarks,
  onValue,
}: {
  machine: AnyStateMachine;
  names: Map<string, string>;
  onMarks: (m: ChartMarks | null) => void;
  onValue: (v: unknown) => void;
}) {
  const list = useSyncExternalStore(onBreakpoints, currentBreakpoints, currentBreakpoints);
  const paused = useSyncExternalStore(onBreakpoints, pausedActors, pausedActors);
  useWalkingMarks(machine, paused, onMarks, onValue);
  const mine = list.filter((b) => b.machineId === machine.id);
  return (
    <section className="breakpoints" aria-label={t('machines.breakpoints')}>
      <BreakpointForm machine={machine} list={list} />
      <ul data-testid="bp-list">
        {mine.map((b) => (
          <li key={b.id}>
            <code>
              {b.kind === 'state' ? t('machines.bpEnter') : t('machines.bpTake')} {b.target}
              {b.condition ? ` if ${b.condition}` : ''}
            </code>{' '}
            <button type="button" className="chip" onClick={() => setBreakpoints(list.filter((x) => x.id !== b.id))}>
              {t('machines.bpRemove')}
            </button>
          </li>
        ))}
      </ul>
      {paused.map((p) => (
        <PausedActor key={p.key} p={p} names={names} />
      ))}
    </section>
  );
}

type Paused = ReturnType<typeof pausedActors>[number];

/** The chart follows the first actor of this machine paused before several microsteps; nothing once closed. */
function useWalkingMarks(
  machine: AnyStateMachine,
  paused: Paused[],
  onMarks: (m: ChartMarks | null) => void,
  onValue: (v: unknown) => void,
): void {
  const walking = paused.find((p) => p.machineId === machine.id && (p.microsteps?.length ?? 0) > 1);
  useEffect(() => {
    if (walking?.microsteps) {
      onMarks(microMarks(walking.microsteps, walking.at));
      onValue(walking.at > 0 ? walking.microsteps[walking.at - 1].value : walking.value);
    } else {
      onMarks(null);
      onValue(undefined);
    }
  }, [walking, onMarks, onValue]);
  useEffect(
    () => () => {
      onMarks(null);
      onValue(undefined);
    },
    [onMarks, onValue],
  );
}

/** A new breakpoint: entering a state or taking a transition, with an optional condition. */
function BreakpointForm({ machine, list }: { machine: AnyStateMachine; list: Breakpoint[] }) {
  const states = useMemo(() => stateKeysOf(machine), [machine]);
  const transitions = useMemo(() => transitionKeysOf(machine), [machine]);
  const [kind, setKind] = useState<'state' | 'transition'>('state');
  const [target, setTarget] = useState('');
  const [condition, setCondition] = useState('');
  const options = kind === 'state' ? states : transitions;
  const chosen = options.includes(target) ? target : (options[0] ?? '');
  const parsed = parseCondition(condition);
  const bad = typeof parsed === 'string' ? parsed : null;
  const add = () => {
    const b: Breakpoint = { id: `${machine.id}:${kind}:${chosen}:${condition}`, machineId: machine.id, kind, target: chosen, condition };
    if (!list.some((x) => x.id === b.id)) setBreakpoints([...list, b]);
  };
  return (
    <>
      <div className="stepper__row">
        <select value={kind} onChange={(e) => setKind(e.target.value as 'state' | 'transition')} data-testid="bp-kind">
          <option value="state">{t('machines.bpEnter')}</option>
          <option value="transition">{t('machines.bpTake')}</option>
        </select>
        <select value={chosen} onChange={(e) => setTarget(e.target.value)} data-testid="bp-target">
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <input
          type="text"
          value={condition}
          onChange={(e) => setCondition(e.target.value)}
          placeholder={t('machines.bpCondition')}
          aria-label={t('machines.bpCondition')}
          data-testid="bp-condition"
          spellCheck={false}
        />
        <button type="button" className="button" disabled={!!bad || !chosen} onClick={add}>
          {t('machines.bpAdd')}
        </button>
      </div>
      {bad ? (
        <p role="alert" className="stepper__error">
          {bad}
        </p>
      ) : null}
    </>
  );
}

/** An actor paused at a breakpoint: its event, its microsteps, and step, continue or drop. */
function PausedActor({ p, names }: { p: Paused; names: Map<string, string> }) {
  return (
    <div className="breakpoints__paused" data-testid="bp-paused" data-actor={p.key}>
      <p>
        {t('machines.bpPausedAt', { actor: names.get(p.key) ?? p.key, waiting: p.waiting })}{' '}
        <code data-testid="bp-event">{JSON.stringify(p.event)}</code>
      </p>
      {p.microsteps && p.microsteps.length > 1 ? (
        <>
          <p data-testid="bp-micro-next">{t('machines.bpMicroNext', { n: p.at + 1, count: p.microsteps.length })}</p>
          <ol className="breakpoints__micro" aria-label={t('machines.bpMicrosteps')} data-testid="bp-microsteps">
            {p.microsteps.map((m, i) => (
              <li key={i} aria-current={i === p.at ? 'step' : undefined} data-done={i < p.at ? 'true' : undefined}>
                <code>{m.event === '' ? t('machines.bpAlways') : m.event}</code> {microstepLabel(m)}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <div className="stepper__row">
        <button type="button" className="button" onClick={() => resumeActor(p.key, 'step')}>
          {t('machines.bpStep')}
        </button>
        <button type="button" className="button" onClick={() => resumeActor(p.key, 'continue')}>
          {t('machines.bpContinue')}
        </button>
        <button type="button" className="button" onClick={() => resumeActor(p.key, 'drop')}>
          {t('machines.bpDrop')}
        </button>
      </div>
    </div>
  );
}
