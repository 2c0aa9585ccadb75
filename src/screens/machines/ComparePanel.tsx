import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { MARK_COLOURS, routeMarks, type ChartMarks } from './chartMarks';
import { alignRuns, contextDiff, firstDifference, route, type Run } from './compareRuns';
import { replayEvents } from './machineReplay';
import type { LiveActor } from './recorder';
import type { RecordedPath } from './recordedTest';

/**
 * Two runs of the machine side by side: any two of its recorded actors (live
 * tabs, sessions loaded from files) or a test's model path (replayed for its
 * contexts). Their steps aligned, the first that differs marked with the
 * context diff there, and both routes on the chart (A blue, B red dashed).
 */
const json = (v: unknown) => JSON.stringify(v);

function actorRun(a: LiveActor, label: string): Run {
  return { label, input: a.input, steps: a.steps.map((s) => ({ event: s.event, value: s.after, context: s.context })) };
}

function pathRun(machine: AnyStateMachine, p: RecordedPath, label: string): Run {
  const r = replayEvents(
    machine,
    p.input,
    p.steps.map((s) => s.event),
  );
  // The recorded states, with the contexts the machine gives them today.
  const steps = [{ event: { type: 'xstate.init' }, value: p.start, context: r.steps[0]?.context }];
  p.steps.forEach((s, i) => steps.push({ event: s.event, value: s.value, context: r.steps[i + 1]?.context }));
  return { label, input: p.input, steps };
}

export function ComparePanel({
  machine,
  actors,
  names,
  onMarks,
}: {
  machine: AnyStateMachine;
  actors: LiveActor[];
  names: Map<string, string>;
  onMarks: (m: ChartMarks | null) => void;
}) {
  const [files, setFiles] = useState<Run[]>([]);
  const runs = useMemo(
    () => [...actors.filter((a) => a.steps.length).map((a) => actorRun(a, `${names.get(a.key) ?? a.key} (${a.key})`)), ...files],
    [actors, names, files],
  );
  const [pick, setPick] = useState<[string, string]>(['', '']);
  const a = runs.find((r) => r.label === pick[0]) ?? runs[0];
  const b = runs.find((r) => r.label === pick[1]) ?? runs[1];
  const rows = useMemo(() => (a && b ? alignRuns(a, b) : []), [a, b]);
  const first = firstDifference(rows);
  useRouteMarks(machine, a, b, onMarks);
  const diff = first >= 0 ? contextDiff(rows[first].a?.context, rows[first].b?.context) : [];
  const choose = (i: 0 | 1, label: string) => setPick((p) => (i === 0 ? [label, p[1]] : [p[0], label]));
  return (
    <section className="compare" aria-label={t('machines.compare')}>
      <RunPickers runs={runs} a={a} b={b} choose={choose} machine={machine} addFile={(r) => setFiles((fs) => [...fs, r])} />
      {!a || !b ? <p className="muted">{t('machines.compareNeedsTwo')}</p> : <CompareResult rows={rows} first={first} diff={diff} />}
    </section>
  );
}

/** Runs A and B drawn on the chart as two routes, while both are there; none once closed. */
function useRouteMarks(machine: AnyStateMachine, a: Run | undefined, b: Run | undefined, onMarks: (m: ChartMarks | null) => void): void {
  useEffect(() => {
    if (!a || !b) return onMarks(null);
    const ra = route(machine, a);
    const rb = route(machine, b);
    onMarks(
      routeMarks([
        { ...ra, mark: { colour: MARK_COLOURS.routeA, kind: 'route-a', title: a.label } },
        { ...rb, mark: { colour: MARK_COLOURS.routeB, kind: 'route-b', title: b.label } },
      ]),
    );
  }, [a, b, machine, onMarks]);
  useEffect(() => () => onMarks(null), [onMarks]);
}

/** The two runs to compare (the actors' and the recorded paths loaded), and loading a path. */
function RunPickers({
  runs,
  a,
  b,
  choose,
  machine,
  addFile,
}: {
  runs: Run[];
  a: Run | undefined;
  b: Run | undefined;
  choose: (i: 0 | 1, label: string) => void;
  machine: AnyStateMachine;
  addFile: (r: Run) => void;
}) {
  return (
    <div className="stepper__row">
      {([0, 1] as const).map((i) => (
        <label key={i}>
          {i === 0 ? t('machines.runA') : t('machines.runB')}{' '}
          <select
            data-testid={`compare-${i === 0 ? 'a' : 'b'}`}
            value={(i === 0 ? a : b)?.label ?? ''}
            onChange={(e) => choose(i, e.target.value)}
          >
            {runs.map((r) => (
              <option key={r.label} value={r.label}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="button">
        {t('machines.loadPath')}
        <input
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          data-testid="compare-load"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f)
              void f.text().then((text) => {
                const p = JSON.parse(text) as RecordedPath;
                if (p.format === 'machine-explorer-path/1') addFile(pathRun(machine, p, f.name));
              });
          }}
        />
      </label>
    </div>
  );
}

/** Where the runs first differ, the contexts' differences there, and the runs side by side. */
function CompareResult({ rows, first, diff }: { rows: ReturnType<typeof alignRuns>; first: number; diff: ReturnType<typeof contextDiff> }) {
  return (
    <>
      <p data-testid="compare-first">{first < 0 ? t('machines.compareSame') : t('machines.compareFirst', { step: first + 1 })}</p>
      {diff.length ? (
        <table className="log" data-testid="compare-context">
          <tbody>
            {diff.map((d) => (
              <tr key={d.key}>
                <th>{d.key}</th>
                <td className="compare__a">{d.a}</td>
                <td className="compare__b">{d.b}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="log-wrap">
        <table className="log" data-testid="compare-rows">
          <thead>
            <tr>
              <th>#</th>
              <th className="compare__a">A</th>
              <th className="compare__b">B</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className={i === first ? 'log__row--at' : undefined} data-differs={r.differs ? 'true' : undefined}>
                <td>{i + 1}</td>
                <td>{r.a ? `${r.a.event.type} → ${json(r.a.value)}` : '—'}</td>
                <td>{r.b ? `${r.b.event.type} → ${json(r.b.value)}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
