import { useMemo, useState, useSyncExternalStore } from 'react';
import type { AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { parseCondition, type Breakpoint } from './breakpointRules';
import { currentBreakpoints, onBreakpoints, pausedActors, resumeActor, setBreakpoints } from './breakpoints';
import { stateKeysOf, transitionKeysOf } from './chartModel';

/**
 * Breakpoints on this machine: on entering a state or taking a transition,
 * with an optional condition; every app tab holds its actors of the machine
 * before such a step. What is paused now (in any tab) with its pending event,
 * and Step, Continue and Drop for each.
 */
export function BreakpointPanel({ machine, names }: { machine: AnyStateMachine; names: Map<string, string> }) {
  const list = useSyncExternalStore(onBreakpoints, currentBreakpoints, currentBreakpoints);
  const paused = useSyncExternalStore(onBreakpoints, pausedActors, pausedActors);
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
  const mine = list.filter((b) => b.machineId === machine.id);
  return (
    <section className="breakpoints" aria-label={t('machines.breakpoints')}>
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
        <div key={p.key} className="breakpoints__paused" data-testid="bp-paused" data-actor={p.key}>
          <p>
            {t('machines.bpPausedAt', { actor: names.get(p.key) ?? p.key, waiting: p.waiting })}{' '}
            <code data-testid="bp-event">{JSON.stringify(p.event)}</code>
          </p>
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
      ))}
    </section>
  );
}
