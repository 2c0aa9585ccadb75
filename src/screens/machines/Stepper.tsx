import { useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { t } from '../../i18n';

/**
 * The machine explorer's stepper: runs an actor of the chosen machine with
 * the given input and sends the events picked, showing its state and context.
 */
/** Event types the machine knows (from its transitions). */
function eventTypes(machine: AnyStateMachine): string[] {
  return [...new Set((machine.events as string[]).filter((e) => e && !e.startsWith('xstate.')))].sort();
}

/** What the stepper runs: an actor of the machine and its latest snapshot (a new object on each change). */
interface Run {
  actor: AnyActorRef;
  snap: { value: unknown; context: unknown; can: (e: { type: string }) => boolean };
}

/** Holds the running actor for useSyncExternalStore: the effect that starts it publishes it here. */
class RunSlot {
  private run: Run | null = null;
  private readonly listeners = new Set<() => void>();
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  get = () => this.run;
  set(run: Run | null): void {
    this.run = run;
    for (const l of this.listeners) l();
  }
}

export function Stepper({ machine, onState }: { machine: AnyStateMachine; onState: (value: unknown) => void }) {
  const [inputText, setInputText] = useState('{}');
  const [payloadText, setPayloadText] = useState('{}');
  // The input the actor starts with (a new object on Restart), or why the text is not one.
  const [start, setStart] = useState<{ input: unknown } | { error: string }>({ input: {} });
  const [slot] = useState(() => new RunSlot());
  const run = useSyncExternalStore(slot.subscribe, slot.get, slot.get);
  const restart = () => {
    try {
      setStart({ input: JSON.parse(inputText || '{}') as unknown });
    } catch (e) {
      setStart({ error: (e as Error).message });
    }
  };
  useEffect(() => {
    if (!('input' in start)) return undefined;
    let a: AnyActorRef;
    try {
      a = createActor(machine, { input: start.input });
    } catch (e) {
      console.warn('machines: not started', e);
      return undefined;
    }
    const publish = () => {
      slot.set({ actor: a, snap: a.getSnapshot() as Run['snap'] });
      onState((a.getSnapshot() as Run['snap']).value);
    };
    const sub = a.subscribe(publish);
    a.start();
    publish();
    return () => {
      sub.unsubscribe();
      a.stop();
      slot.set(null);
    };
  }, [machine, start, slot, onState]);
  const error = 'error' in start ? start.error : null;
  const snap = run?.snap;
  const payload = (): Record<string, unknown> => {
    try {
      return JSON.parse(payloadText || '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  return (
    <section className="stepper" aria-label={t('machines.step')}>
      <h2>{t('machines.step')}</h2>
      <label>
        {t('machines.input')}
        <textarea rows={2} value={inputText} onChange={(e) => setInputText(e.target.value)} spellCheck={false} />
      </label>
      <button type="button" className="button" onClick={restart}>
        {t('machines.restart')}
      </button>
      {error ? <p role="alert">{error}</p> : null}
      <p>
        {t('machines.current')}: <code data-testid="current-state">{JSON.stringify(snap?.value)}</code>
      </p>
      <label>
        {t('machines.payload')}
        <textarea rows={2} value={payloadText} onChange={(e) => setPayloadText(e.target.value)} spellCheck={false} />
      </label>
      <div className="stepper__events">
        {eventTypes(machine).map((type) => {
          let enabled: boolean;
          try {
            enabled = !!snap?.can({ type, ...payload() });
          } catch {
            enabled = false;
          }
          return (
            <button
              key={type}
              type="button"
              className="chip"
              disabled={!enabled}
              data-event={type}
              onClick={() => run?.actor.send({ ...payload(), type })}
            >
              {type}
            </button>
          );
        })}
      </div>
      <h3>{t('machines.context')}</h3>
      <pre className="stepper__context" data-testid="context">
        {JSON.stringify(snap?.context, (_k, v: unknown) => (typeof v === 'function' ? undefined : v), 2)}
      </pre>
    </section>
  );
}
