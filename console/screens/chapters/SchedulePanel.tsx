import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import { chapterLifecycleMachine } from '../../../machines/console/chapterLifecycleMachine';
import { inspect } from '../../../web/inspector';
import { call } from '../../api/call';
import { ConsoleProblem, problemCode } from '../../api/client';
import { locale, t, tBuilt } from '../../i18n';
import { useReauth } from '../../ui/reauth';
import { Problem } from '../../ui/ui';
import { useCatalogEnv } from './env';
import { every } from '../../../web/clock';
import { changesOf } from './job';
import { secondsToZoned, showIn, zoneList, zonedToSeconds } from '../../ui/zonedTime';

const ZONE_KEY = 'console.timeZone';
const ownZone = () => localStorage.getItem(ZONE_KEY) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The chapter's release: its state, a release time and an end of free
 * reading typed and shown in a time zone the editor picks (stored in UTC),
 * release now, move or take back a scheduled release, take down (the
 * password asked again) and restore. A stale write shows what changed.
 */
export function SchedulePanel({ chapter, onChapter }: { chapter: Chapter; onChapter: (c: Chapter) => void }) {
  const env = useCatalogEnv();
  // The chapter as last read, for the machine's effects when they run (a write carries its version).
  const latest = useRef({ chapter, onChapter });
  useLayoutEffect(() => {
    latest.current = { chapter, onChapter };
  });
  const read = useRef(false);
  const machine = useMemo(() => {
    const id = () => latest.current.chapter.id;
    const v = () => latest.current.chapter.version;
    type Self = { send: (e: Parameters<typeof chapterLifecycleMachine.transition>[1]) => void };
    const answered = (self: Self, p: Promise<Chapter>) =>
      p.then(
        (c) => {
          latest.current.onChapter(c);
          self.send({ type: 'save.done', status: c.state, version: c.version });
        },
        (e: unknown) =>
          e instanceof ConsoleProblem && e.code === 'conflict'
            ? self.send({ type: 'save.conflict', changes: changesOf(latest.current.chapter, e) })
            : self.send({ type: 'save.failed', code: problemCode(e) }),
      );
    // eslint-disable-next-line react-hooks/refs -- the effects read `latest` when the machine runs them (on events), never while rendering
    return chapterLifecycleMachine.provide({
      actions: {
        loadChapter: ({ self }) => {
          if (!read.current) {
            read.current = true;
            const c = latest.current.chapter;
            return self.send({ type: 'chapter.loaded', status: c.state, version: c.version });
          }
          call('GET /chapters/:id', { params: { id: id() } }).then(
            (c) => {
              latest.current.onChapter(c);
              self.send({ type: 'chapter.loaded', status: c.state, version: c.version });
            },
            () => {},
          );
        },
        saveSchedule: ({ self }, p) =>
          void answered(
            self,
            call('PUT /releases/:id', { params: { id: id() }, body: { startAt: p.releaseAt, endAt: p.freeUntil ?? 0, version: v() } }),
          ),
        releaseNow: ({ self }) => void answered(self, call('POST /releases/:id/now', { params: { id: id() }, body: { version: v() } })),
        withdrawSchedule: ({ self }) =>
          void answered(self, call('DELETE /releases/:id', { params: { id: id() }, query: { version: v() } })),
        restoreChapter: ({ self }) =>
          void answered(self, call('POST /releases/:id/restore', { params: { id: id() }, body: { version: v() } })),
      },
    });
  }, []);
  const [snap, send, actor] = useMachine(machine, { inspect });
  const reauth = useReauth(() => {});
  const [zone, setZone] = useState(ownZone);
  const zones = useMemo(() => zoneList(), []);
  const [start, setStart] = useState(chapter.startAt ? secondsToZoned(chapter.startAt, zone) : '');
  const [end, setEnd] = useState(chapter.endAt ? secondsToZoned(chapter.endAt, zone) : '');
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const state = snap.value as string;

  // A scheduled chapter goes out at its time on the server: read it again now and then to show it live.
  useEffect(() => {
    if (state !== 'scheduled') return;
    return every(env.clock, 10_000, () => {
      call('GET /chapters/:id', { params: { id: latest.current.chapter.id } }).then(
        (c) => {
          latest.current.onChapter(c);
          actor.send({ type: 'chapter.loaded', status: c.state, version: c.version });
        },
        () => {},
      );
    });
  }, [state, env.clock, actor]);

  const pickZone = (z: string) => {
    // The same instants, written in the new zone.
    const s = zonedToSeconds(start, zone);
    const e = zonedToSeconds(end, zone);
    setZone(z);
    localStorage.setItem(ZONE_KEY, z);
    if (s !== null) setStart(secondsToZoned(s, z));
    if (e !== null) setEnd(secondsToZoned(e, z));
  };
  const submit = () => {
    const releaseAt = zonedToSeconds(start, zone);
    const freeUntil = end ? zonedToSeconds(end, zone) : null;
    if (releaseAt === null) return setFormProblem('validation');
    if (freeUntil !== null && freeUntil <= releaseAt) return setFormProblem('free-before-release');
    setFormProblem(null);
    send({ type: 'schedule.submit', releaseAt, freeUntil });
  };
  const { changes, problem } = snap.context;
  const canSchedule = state === 'draft' || state === 'scheduled';

  return (
    <section className="c-panel" aria-labelledby="release-title">
      <h2 id="release-title">{t('console.release.title')}</h2>
      <p className="c-release__state">
        {tBuilt(`console.chapterState.${state === 'takenDown' ? 'down' : state}`)}
        {chapter.startAt && (state === 'scheduled' || state === 'live')
          ? ` · ${t('console.release.at', { when: showIn(chapter.startAt, zone, locale()) })}`
          : ''}
        {chapter.endAt && (state === 'scheduled' || state === 'live')
          ? ` · ${t('console.release.freeUntil', { when: showIn(chapter.endAt, zone, locale()) })}`
          : ''}
      </p>
      <Problem code={formProblem ?? problem ?? reauth.failure} />
      {state === 'conflict' ? (
        <div className="c-alert c-alert--info" role="alert">
          <p>{t('console.release.conflict')}</p>
          <ul>
            {changes.map((c) => (
              <li key={c.field}>
                {t('console.release.changed', {
                  field: tBuilt(`console.field.${c.field}`),
                  before: String(c.before),
                  after: String(c.after),
                })}
              </li>
            ))}
          </ul>
          <button type="button" className="c-button" onClick={() => send({ type: 'conflict.reload' })}>
            {t('console.common.reload')}
          </button>
        </div>
      ) : null}
      {canSchedule ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="c-field">
            <label htmlFor="release-zone">{t('console.release.zone')}</label>
            <select id="release-zone" value={zone} onChange={(e) => pickZone(e.target.value)}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </div>
          <div className="c-field">
            <label htmlFor="release-start">{t('console.release.start')}</label>
            <input id="release-start" type="datetime-local" required value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div className="c-field">
            <label htmlFor="release-end">{t('console.release.end')}</label>
            <input id="release-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
          </div>
          <div className="c-row">
            <button type="submit" className="c-button">
              {t(state === 'scheduled' ? 'console.release.move' : 'console.release.schedule')}
            </button>
            <button type="button" className="c-button c-button--quiet" onClick={() => send({ type: 'release.now' })}>
              {t('console.release.now')}
            </button>
            {state === 'scheduled' ? (
              <button type="button" className="c-button c-button--quiet" onClick={() => send({ type: 'schedule.withdraw' })}>
                {t('console.release.withdraw')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {state === 'live' ? (
        <button
          type="button"
          className="c-button c-button--quiet"
          disabled={reauth.busy}
          onClick={() =>
            reauth.run(() =>
              call('POST /releases/:id/take-down', { params: { id: chapter.id }, body: { version: latest.current.chapter.version } }).then(
                (c) => {
                  latest.current.onChapter(c);
                  actor.send({ type: 'takedown.done', version: c.version });
                },
              ),
            )
          }
        >
          {t('console.release.takeDown')}
        </button>
      ) : null}
      {state === 'takenDown' ? (
        <button type="button" className="c-button" onClick={() => send({ type: 'chapter.restore' })}>
          {t('console.release.restore')}
        </button>
      ) : null}
      {reauth.dialog}
    </section>
  );
}
