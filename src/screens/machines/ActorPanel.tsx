import { memo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { type LiveActor } from './recorder';
import { valueText } from './ActorTree';
import { download } from './download';
import { select } from './explorerState';
import { recordedPath, vitestFile, type RecordedPath } from './recordedTest';
import { eventsAsPath, shrinkEvents } from './shrink';
import { useSlices } from './useSlices';

/**
 * The followed actor: scrub through its recorded steps (time travel: the
 * chart and context show the step picked), its context with what the step
 * changed marked, its event log (event, payload, sender, time, state before
 * and after), and the recorded session exported as a test.
 */
function ContextView({ context, before }: { context: unknown; before: unknown }) {
  const now = (context && typeof context === 'object' ? context : { value: context }) as Record<string, unknown>;
  const prev = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  return (
    <dl className="ctx" data-testid="live-context">
      {Object.keys(now).length === 0 ? <code className="muted">{'{}'}</code> : null}
      {Object.entries(now).map(([k, v]) => {
        const changed = before !== undefined && JSON.stringify(prev[k]) !== JSON.stringify(v);
        return (
          <div key={k} className={changed ? 'ctx__row ctx__row--changed' : 'ctx__row'} data-changed={changed ? 'true' : undefined}>
            <dt>{k}</dt>
            <dd>
              <code>{JSON.stringify(v)}</code>
              {changed ? <span className="ctx__was"> ← {JSON.stringify(prev[k])}</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The step's local time as hh:mm:ss.mmm (24-hour). Written out by hand: the first Intl.DateTimeFormat of a page
 * loads the locale's data, one task of 70 ms (CPU slowed 4×) when the log first shows.
 */
const two = (n: number) => String(n).padStart(2, '0');
function clock(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

type Step = LiveActor['steps'][number];
/** Log rows mounted per frame (useSlices): each is a table row of five cells. */
const LOG_SLICE = 10;

/**
 * One row of the event log, memoised: a new step renders its own row, not the 400 before it
 * (each formats its time and payload).
 */
const LogRow = memo(function LogRow({
  step: s,
  n,
  at,
  pick,
  from,
}: {
  step: Step;
  n: number;
  at: boolean;
  pick: number | null;
  from: string;
}) {
  const { type, ...payload } = s.event;
  return (
    <tr className={at ? 'log__row--at' : undefined} onClick={() => select({ step: pick })}>
      <td>{n}</td>
      <td>{clock(s.time)}</td>
      <td>
        <code data-testid="log-event">{type}</code>
        {Object.keys(payload).length ? <code className="muted"> {JSON.stringify(payload).slice(0, 80)}</code> : null}
      </td>
      <td>{from}</td>
      <td>
        {valueText(s.before)} → {valueText(s.after)}
      </td>
    </tr>
  );
});

export function ActorPanel({
  actor,
  step,
  machineName,
  machine,
  names,
}: {
  actor: LiveActor;
  step: number | null;
  machineName: string;
  machine: AnyStateMachine;
  /** Short names of actors (event senders). */
  names: Map<string, string>;
}) {
  const last = actor.steps.length - 1;
  const at = step === null ? last : Math.min(step, last);
  const shown = actor.steps[at];
  const before = at > 0 ? actor.steps[at - 1]?.context : undefined;
  return (
    <section className="actor-panel" aria-label={t('machines.followed')}>
      <h2>
        {t('machines.followed')}: {machineName} <code>{valueText(shown?.after ?? actor.value)}</code>
        {step !== null ? <span className="badge">{t('machines.past')}</span> : null}
      </h2>
      <TimeTravel at={at} last={last} count={actor.steps.length} step={step} />
      <h3>{t('machines.context')}</h3>
      <ContextView context={shown?.context ?? actor.context} before={before} />
      <ActorExports actor={actor} at={at} machineName={machineName} machine={machine} />
      <h3>{t('machines.eventLog')}</h3>
      <EventLog actor={actor} at={at} last={last} names={names} />
    </section>
  );
}

/** The step shown: a slider over the actor's steps (its end is live) and back to live. */
function TimeTravel({ at, last, count, step }: { at: number; last: number; count: number; step: number | null }) {
  return (
    <div className="travel">
      <label>
        {t('machines.timeTravel')} ({at + 1}/{count})
        <input
          type="range"
          min={0}
          max={Math.max(0, last)}
          value={Math.max(0, at)}
          data-testid="time-travel"
          onChange={(e) => {
            const i = Number(e.target.value);
            select({ step: i >= last ? null : i });
          }}
        />
      </label>
      <button type="button" className="chip" disabled={step === null} onClick={() => select({ step: null })}>
        {t('machines.backToLive')}
      </button>
    </div>
  );
}

/** The recorded path up to the step shown, shrunk on request, exported as a test or as JSON. */
function ActorExports({
  actor,
  at,
  machineName,
  machine,
}: {
  actor: LiveActor;
  at: number;
  machineName: string;
  machine: AnyStateMachine;
}) {
  const [sameContext, setSameContext] = useState(false);
  // The shrunk recording (for this actor and step) replaces the recorded one in the exports.
  const [shrunk, setShrunk] = useState<{ key: string; from: number; path: RecordedPath } | null>(null);
  const shrinkKey = `${actor.key}:${at}:${String(sameContext)}`;
  const mineShrunk = shrunk?.key === shrinkKey ? shrunk : null;
  const path = () => mineShrunk?.path ?? recordedPath(machineName, actor, at + 1);
  const shrink = () => {
    const full = recordedPath(machineName, actor, at + 1);
    const events = full.steps.map((s) => s.event);
    const input = full.input ?? undefined;
    const fewer = shrinkEvents(machine, input, events, { sameContext });
    setShrunk({ key: shrinkKey, from: events.length, path: eventsAsPath(machineName, machine, input, fewer) });
  };
  return (
    <div className="actor-panel__exports">
      <button type="button" className="button" onClick={shrink}>
        {t('machines.shrink')}
      </button>
      <label>
        <input type="checkbox" checked={sameContext} onChange={(e) => setSameContext(e.target.checked)} /> {t('machines.shrinkContext')}
      </label>
      {mineShrunk ? (
        <span data-testid="shrunk">{t('machines.shrunk', { from: mineShrunk.from, to: mineShrunk.path.steps.length })}</span>
      ) : null}
      <button
        type="button"
        className="button"
        onClick={() => download(`${machineName}.recorded.test.ts`, 'text/plain', vitestFile(path()))}
      >
        {t('machines.exportTest')}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => download(`${machineName}.path.json`, 'application/json', JSON.stringify(path(), null, 2))}
      >
        {t('machines.exportPath')}
      </button>
    </div>
  );
}

/** The actor's events, up to 400 rows mounted a slice a frame (a followed actor's whole log at once was one long task). */
function EventLog({ actor, at, last, names }: { actor: LiveActor; at: number; last: number; names: Map<string, string> }) {
  const rows = useSlices(actor.steps.length, LOG_SLICE, actor.key);
  return (
    <div className="log-wrap">
      <table className="log" data-testid="event-log">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('machines.time')}</th>
            <th>{t('machines.event')}</th>
            <th>{t('machines.from')}</th>
            <th>{t('machines.stateChange')}</th>
          </tr>
        </thead>
        <tbody>
          {actor.steps.slice(0, rows).map((s, i) => (
            <LogRow
              key={s.seq}
              step={s}
              n={i + 1}
              at={i === at}
              pick={i >= last ? null : i}
              from={s.source ? (names.get(s.source) ?? s.source) : t('machines.fromOutside')}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
