import { useState } from 'react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import { t } from '../../i18n';
import { ownZone, secondsToZoned, zonedToSeconds } from '../../ui/zonedTime';
import { ZoneSelect } from '../../ui/edit/ZoneSelect';

/**
 * The release form's fields: a release time and an end of free reading typed
 * in a time zone the editor picks (kept for next time), checked before the
 * schedule is sent in seconds (UTC).
 */
export function useReleaseForm(
  chapter: Pick<Chapter, 'startAt' | 'endAt'>,
  onSchedule: (releaseAt: number, freeUntil: number | null) => void,
) {
  const [zone, setZone] = useState(ownZone);
  const [start, setStart] = useState(chapter.startAt ? secondsToZoned(chapter.startAt, zone) : '');
  const [end, setEnd] = useState(chapter.endAt ? secondsToZoned(chapter.endAt, zone) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const pickZone = (z: string) => {
    // The same instants, written in the new zone.
    const s = zonedToSeconds(start, zone);
    const e = zonedToSeconds(end, zone);
    setZone(z);
    if (s !== null) setStart(secondsToZoned(s, z));
    if (e !== null) setEnd(secondsToZoned(e, z));
  };
  const submit = () => {
    const releaseAt = zonedToSeconds(start, zone);
    const freeUntil = end ? zonedToSeconds(end, zone) : null;
    if (releaseAt === null) return setProblem('validation');
    if (freeUntil !== null && freeUntil <= releaseAt) return setProblem('free-before-release');
    setProblem(null);
    onSchedule(releaseAt, freeUntil);
  };
  return { zone, start, end, setStart, setEnd, pickZone, problem, submit };
}

export type ReleaseForm = ReturnType<typeof useReleaseForm>;

/** The time zone, release time and end of free reading of a release form (a chapter's, a release group's). */
export function ReleaseTimeFields({ form, idPrefix }: { form: ReleaseForm; idPrefix: string }) {
  return (
    <>
      <ZoneSelect id={`${idPrefix}-zone`} label={t('console.release.zone')} zone={form.zone} onPick={form.pickZone} />
      <div className="c-field">
        <label htmlFor={`${idPrefix}-start`}>{t('console.release.start')}</label>
        <input id={`${idPrefix}-start`} type="datetime-local" required value={form.start} onChange={(e) => form.setStart(e.target.value)} />
      </div>
      <div className="c-field">
        <label htmlFor={`${idPrefix}-end`}>{t('console.release.end')}</label>
        <input id={`${idPrefix}-end`} type="datetime-local" value={form.end} onChange={(e) => form.setEnd(e.target.value)} />
      </div>
    </>
  );
}

/** Schedule (or move), release now, take back a scheduled release. */
export function ScheduleForm({
  form,
  scheduled,
  onNow,
  onWithdraw,
}: {
  form: ReleaseForm;
  scheduled: boolean;
  onNow: () => void;
  onWithdraw: () => void;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <ReleaseTimeFields form={form} idPrefix="release" />
      <div className="c-row">
        <button type="submit" className="c-button">
          {t(scheduled ? 'console.release.move' : 'console.release.schedule')}
        </button>
        <button type="button" className="c-button c-button--quiet" onClick={onNow}>
          {t('console.release.now')}
        </button>
        {scheduled ? (
          <button type="button" className="c-button c-button--quiet" onClick={onWithdraw}>
            {t('console.release.withdraw')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
