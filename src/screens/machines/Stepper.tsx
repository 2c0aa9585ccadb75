import { useEffect, useMemo, useState } from 'react';
import { createActor, type AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import type { LiveActor } from './recorder';
import { eventLabel } from './chartModel';
import { INPUTS, PAYLOADS, type Preset } from './presets';

/**
 * The machine explorer's stepper: an actor of the chosen machine started
 * with an input (named presets, inputs seen on live actors, or typed JSON)
 * and the events sent so far replayed on it, so a step can be taken back.
 * Event buttons come with the payloads the app sends; a bad input or event
 * shows its error as a message and no state (never the previous one).
 */
type Ev = { type: string } & Record<string, unknown>;
interface Result {
  value: unknown;
  context: unknown;
  can: (e: Ev) => boolean;
  error: string | null;
}

function replay(machine: AnyStateMachine, input: unknown, events: Ev[]): Result {
  const none = { value: undefined, context: undefined, can: () => false };
  try {
    const actor = createActor(machine, input === undefined ? {} : { input });
    let error: unknown = null;
    actor.subscribe({ error: (e) => (error = e) });
    actor.start();
    for (const e of events) actor.send(e);
    const snap = actor.getSnapshot() as { value: unknown; context: unknown; status: string; error?: unknown; can: (e: Ev) => boolean };
    actor.stop();
    if (snap.status === 'error' || error) return { ...none, error: String(snap.error ?? error) };
    return { value: snap.value, context: snap.context, can: (e) => snap.can(e), error: null };
  } catch (e) {
    return { ...none, error: String(e) };
  }
}

function eventTypes(machine: AnyStateMachine): string[] {
  return [...new Set((machine.events as string[]).filter((e) => e && e !== 'xstate.init'))].sort();
}

/** A recorded event's payload (its fields but `type`), null when it has none; read once per step. */
const payloads = new WeakMap<object, { key: string; value: Record<string, unknown> } | null>();
function payloadOf(event: Ev): { key: string; value: Record<string, unknown> } | null {
  let p = payloads.get(event);
  if (p === undefined) {
    const rest = Object.fromEntries(Object.entries(event).filter(([k]) => k !== 'type'));
    p = Object.keys(rest).length ? { key: JSON.stringify(rest), value: rest } : null;
    payloads.set(event, p);
  }
  return p;
}

type Payloads = Map<string, Map<string, Preset>>;
type Step = LiveActor['steps'][number];
/** What an actor's steps were read up to: its first and last step then, their count, and its payloads. */
interface Read {
  first: Step | undefined;
  last: Step | undefined;
  n: number;
  found: Payloads;
}

/** Adds up to three payloads per event type of `steps` to `into`, first seen first. */
function addPayloads(into: Payloads, steps: readonly Step[]): void {
  for (const s of steps) {
    const p = payloadOf(s.event);
    if (!p) continue;
    let mine = into.get(s.event.type);
    if (!mine) into.set(s.event.type, (mine = new Map<string, Preset>()));
    if (mine.size < 3 && !mine.has(p.key)) mine.set(p.key, { name: t('machines.fromApp'), value: p.value });
  }
}

/**
 * Up to three payloads of each event type the live actors were sent, in the actors' order. Each actor's steps are
 * read once: a step appended since is read alone (10,000 recorded steps, a new batch every 50 ms); an actor whose
 * first steps were dropped (MAX_STEPS) is read again.
 */
function recordedPayloads(live: LiveActor[], read: Map<string, Read>): Payloads {
  const out: Payloads = new Map();
  for (const a of live) {
    let r = read.get(a.key);
    const steps = a.steps;
    if (!r || steps[0] !== r.first || steps.length < r.n || (r.n > 0 && steps[r.n - 1] !== r.last)) {
      r = { first: undefined, last: undefined, n: 0, found: new Map() };
      read.set(a.key, r);
    }
    if (steps.length > r.n) {
      addPayloads(r.found, steps.slice(r.n));
      r.first = steps[0];
      r.last = steps[steps.length - 1];
      r.n = steps.length;
    }
    for (const [type, mine] of r.found) {
      let all = out.get(type);
      if (!all) out.set(type, (all = new Map<string, Preset>()));
      for (const [k, v] of mine) if (all.size < 3 && !all.has(k)) all.set(k, v);
    }
  }
  return out;
}

function parse(text: string): { value: unknown } | { error: string } {
  try {
    return { value: text.trim() ? (JSON.parse(text) as unknown) : undefined };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export function Stepper({
  name,
  machine,
  live,
  onState,
}: {
  name: string;
  machine: AnyStateMachine;
  /** Live actors of this machine: their inputs and payloads are offered too. */
  live: LiveActor[];
  onState: (value: unknown) => void;
}) {
  const presets = usePresets(name, live);
  const [inputText, setInputText] = useState(() => JSON.stringify(presets[0]?.value ?? {}, null, 1));
  const [payloadText, setPayloadText] = useState('{}');
  const [run, setRun] = useState<{ input: unknown; events: Ev[] }>(() => ({ input: presets[0]?.value ?? {}, events: [] }));
  const [inputError, setInputError] = useState<string | null>(null);
  const result = useMemo(() => replay(machine, run.input, run.events), [machine, run]);
  const shown = inputError ? undefined : result.value;
  useEffect(() => onState(shown), [onState, shown]);
  const restart = (text = inputText) => {
    const p = parse(text);
    if ('error' in p) {
      setInputError(p.error);
      return;
    }
    setInputError(null);
    setRun({ input: p.value, events: [] });
  };
  const send = (e: Ev) => setRun((r) => ({ ...r, events: [...r.events, e] }));
  const error = inputError ?? result.error;
  return (
    <section className="stepper" aria-label={t('machines.step')}>
      <h2>{t('machines.step')}</h2>
      <InputControls
        presets={presets}
        inputText={inputText}
        setInputText={setInputText}
        restart={restart}
        canStepBack={run.events.length > 0}
        stepBack={() => setRun((r) => ({ ...r, events: r.events.slice(0, -1) }))}
      />
      {error ? (
        <p role="alert" className="stepper__error" data-testid="stepper-error">
          {t('machines.error')}: {error}
        </p>
      ) : null}
      <p>
        {t('machines.current')}: <code data-testid="current-state">{shown === undefined ? '—' : JSON.stringify(shown)}</code>
      </p>
      <label>
        {t('machines.payload')}
        <textarea rows={2} value={payloadText} onChange={(e) => setPayloadText(e.target.value)} spellCheck={false} />
      </label>
      <EventButtons name={name} machine={machine} live={live} payloadText={payloadText} error={error} result={result} send={send} />
      <h3>{t('machines.context')}</h3>
      <pre className="stepper__context" data-testid="context">
        {error ? '' : JSON.stringify(result.context, (_k, v: unknown) => (typeof v === 'function' ? undefined : v), 2)}
      </pre>
    </section>
  );
}

/** The machine's preset inputs, then the live actors' inputs (each once). */
function usePresets(name: string, live: LiveActor[]): Preset[] {
  return useMemo(() => {
    const seen = new Set<string>();
    const fromApp = live.flatMap((a, i) => {
      if (a.input === null) return [];
      const key = JSON.stringify(a.input);
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ name: `${t('machines.fromApp')} ${i + 1}`, value: a.input as Record<string, unknown> }];
    });
    return [...(INPUTS[name] ?? []), ...fromApp];
  }, [name, live]);
}

/** A preset or a typed input, restart with it, and one step back. */
function InputControls({
  presets,
  inputText,
  setInputText,
  restart,
  canStepBack,
  stepBack,
}: {
  presets: Preset[];
  inputText: string;
  setInputText: (text: string) => void;
  restart: (text?: string) => void;
  canStepBack: boolean;
  stepBack: () => void;
}) {
  return (
    <>
      <label>
        {t('machines.presets')}
        <select
          data-testid="input-preset"
          onChange={(e) => {
            const p = presets[Number(e.target.value)];
            if (!p) return;
            const text = JSON.stringify(p.value, null, 1);
            setInputText(text);
            restart(text);
          }}
        >
          {presets.map((p, i) => (
            <option key={p.name + String(i)} value={i}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('machines.input')}
        <textarea rows={3} value={inputText} onChange={(e) => setInputText(e.target.value)} spellCheck={false} data-testid="input" />
      </label>
      <div className="stepper__row">
        <button type="button" className="button" onClick={() => restart()}>
          {t('machines.restart')}
        </button>
        <button type="button" className="button" disabled={!canStepBack} onClick={stepBack}>
          {t('machines.stepBack')}
        </button>
      </div>
    </>
  );
}

/** A button per event (and per known payload), enabled where the machine takes it now. */
function EventButtons({
  name,
  machine,
  live,
  payloadText,
  error,
  result,
  send,
}: {
  name: string;
  machine: AnyStateMachine;
  live: LiveActor[];
  payloadText: string;
  error: string | null | undefined;
  result: ReturnType<typeof replay>;
  send: (e: Ev) => void;
}) {
  const payload = parse(payloadText);
  const typed = 'value' in payload && payload.value && typeof payload.value === 'object' ? (payload.value as Record<string, unknown>) : {};
  const [read] = useState(() => new Map<string, Read>());
  const payloadsSeen = useMemo(() => recordedPayloads(live, read), [live, read]);
  const recorded = (type: string): Preset[] => [...(payloadsSeen.get(type)?.values() ?? [])];
  return (
    <div className="stepper__events">
      {eventTypes(machine).flatMap((type) => {
        const variants = [...(PAYLOADS[name]?.[type] ?? []), ...recorded(type)];
        const list = variants.length
          ? variants.map((v) => ({ label: `${eventLabel(type)} · ${v.name}`, event: { ...v.value, type } }))
          : [{ label: eventLabel(type), event: { ...typed, type } }];
        return list.map(({ label, event }) => {
          let enabled: boolean;
          try {
            enabled = !error && result.can(event);
          } catch {
            enabled = false;
          }
          return (
            <button key={label} type="button" className="chip" disabled={!enabled} data-event={type} onClick={() => send(event)}>
              {label}
            </button>
          );
        });
      })}
    </div>
  );
}
