import type { Chapter } from '../../../core/console/schemas/catalog';
import type { ChapterChange } from '../../../machines/console/chapterLifecycleMachine';
import { locale, t, tBuilt } from '../../i18n';
import { Problem } from '../../ui/ui';
import { showIn } from '../../ui/zonedTime';
import { ScheduleForm, useReleaseForm } from './ScheduleForm';
import { useSchedule } from './useSchedule';
import { ReleaseGroupNote, useChapterGroup } from '../releases/ReleaseGroupNote';

/**
 * The chapter's release: its state, a release time and an end of free
 * reading typed and shown in a time zone the editor picks (stored in UTC),
 * release now, move or take back a scheduled release, take down (the
 * password asked again) and restore. A stale write shows what changed.
 */
export function SchedulePanel({ chapter, onChapter }: { chapter: Chapter; onChapter: (c: Chapter) => void }) {
  const { snap, state, send, reauth, takeDown } = useSchedule(chapter, onChapter);
  const form = useReleaseForm(chapter, (releaseAt, freeUntil) => send({ type: 'schedule.submit', releaseAt, freeUntil }));
  // A chapter in a release group goes out with it: its time is the group's, set on the group's screen.
  const group = useChapterGroup(chapter.id, chapter.version);
  const canSchedule = (state === 'draft' || state === 'scheduled') && !group;

  return (
    <section className="c-panel" aria-labelledby="release-title">
      <h2 id="release-title">{t('console.release.title')}</h2>
      <ReleaseState chapter={chapter} state={state} zone={form.zone} />
      <Problem code={form.problem ?? snap.context.problem ?? reauth.failure} />
      {group !== undefined ? <ReleaseGroupNote chapterId={chapter.id} group={group} draft={state === 'draft'} zone={form.zone} /> : null}
      {state === 'conflict' ? <ReleaseConflict changes={snap.context.changes} onReload={() => send({ type: 'conflict.reload' })} /> : null}
      {canSchedule ? (
        <ScheduleForm
          form={form}
          scheduled={state === 'scheduled'}
          onNow={() => send({ type: 'release.now' })}
          onWithdraw={() => send({ type: 'schedule.withdraw' })}
        />
      ) : null}
      {state === 'live' ? (
        <button type="button" className="c-button c-button--quiet" disabled={reauth.busy} onClick={takeDown}>
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

/** The chapter's state, with its release time and end of free reading in the zone picked while they matter. */
function ReleaseState({ chapter, state, zone }: { chapter: Chapter; state: string; zone: string }) {
  const timed = state === 'scheduled' || state === 'live';
  return (
    <p className="c-release__state">
      {tBuilt(`console.chapterState.${state === 'takenDown' ? 'down' : state}`)}
      {chapter.startAt && timed
        ? ` · ${t(state === 'live' ? 'console.release.since' : 'console.release.at', { when: showIn(chapter.startAt, zone, locale()) })}`
        : ''}
      {chapter.endAt && timed ? ` · ${t('console.release.freeUntil', { when: showIn(chapter.endAt, zone, locale()) })}` : ''}
    </p>
  );
}

/** A stale write: what another editor changed, and a reload. */
function ReleaseConflict({ changes, onReload }: { changes: readonly ChapterChange[]; onReload: () => void }) {
  return (
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
      <button type="button" className="c-button" onClick={onReload}>
        {t('console.common.reload')}
      </button>
    </div>
  );
}
