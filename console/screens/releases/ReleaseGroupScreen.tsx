import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import type { ReleaseGroup } from '../../../core/console/schemas/releaseGroups';
import { useClock } from '../../../web/clock';
import { locale, t, tBuilt } from '../../i18n';
import { Loading, Problem } from '../../ui/ui';
import { useCall } from '../../ui/useLoad';
import { showIn } from '../../ui/zonedTime';
import { countdown, languageName } from '../calendar/countdown';
import { useReleaseForm } from '../chapters/ScheduleForm';
import { GroupScheduleForm, PartialChoice } from './GroupScheduleForm';
import { useReleaseGroup } from './useReleaseGroup';
import './releases.css';

/** /releases/:id: one release in several languages, read, then edited through its lifecycle. */
export default function ReleaseGroupScreen({ id }: { id: number }) {
  const first = useCall('GET /release-groups/:id', { params: { id } });
  const [group, setGroup] = useState<ReleaseGroup | null>(null);
  const onGroup = useCallback((g: ReleaseGroup) => setGroup(g), []);
  if (first.error) return <Problem code={first.error} />;
  const g = group ?? first.data;
  if (!g) return <Loading />;
  return <GroupEditor group={g} onGroup={onGroup} />;
}

const OPEN = new Set(['draft', 'scheduled', 'held']);

function GroupEditor({ group, onGroup }: { group: ReleaseGroup; onGroup: (g: ReleaseGroup) => void }) {
  const clock = useClock();
  const { snap, state, send } = useReleaseGroup(group, onGroup, clock);
  const form = useReleaseForm(group, (startAt, endAt) => send({ type: 'schedule.submit', startAt, endAt: endAt ?? 0 }));
  const busy = state === 'saving' || state === 'loading';
  return (
    <div className="c-release-group">
      <h1>{t('console.releaseGroup.heading', { name: group.name })}</h1>
      <p className="c-release-group__state" role="status">
        {tBuilt(`console.releaseGroup.state.${state}`)}
        {group.startAt && state !== 'draft' && state !== 'cancelled'
          ? ` · ${showIn(group.startAt, form.zone, locale())} (${countdown(group.startAt, Math.floor(clock.now() / 1000), locale())})`
          : ''}
      </p>
      {group.splitFrom ? (
        <p>
          <Link href={`/releases/${group.splitFrom}`}>{t('console.releaseGroup.splitFrom', { id: group.splitFrom })}</Link>
        </p>
      ) : null}
      <Problem code={form.problem ?? snap.context.problem} />
      {state === 'conflict' ? (
        <div className="c-alert c-alert--info" role="alert">
          <p>{t('console.releaseGroup.conflict')}</p>
          <button type="button" className="c-button" onClick={() => send({ type: 'conflict.reload' })}>
            {t('console.common.reload')}
          </button>
        </div>
      ) : null}
      <Members group={group} />
      {group.startAt && group.zones.length ? <ZoneTimes group={group} /> : null}
      {OPEN.has(state) || busy ? (
        <>
          <PartialChoice value={group.partial} disabled={busy} onChoose={(partial) => send({ type: 'partial.choose', partial })} />
          <GroupScheduleForm
            form={form}
            scheduled={group.state !== 'draft'}
            disabled={busy}
            onNow={() => send({ type: 'release.now' })}
            onCancel={() => send({ type: 'group.cancel' })}
          />
        </>
      ) : null}
    </div>
  );
}

/** The editions: language, title, chapter, pages; which still lack pages. */
function Members({ group }: { group: ReleaseGroup }) {
  const l = locale();
  return (
    <section className="c-panel" aria-labelledby="group-members">
      <h2 id="group-members">{t('console.releaseGroup.members', { count: group.members.length })}</h2>
      {group.missing.length ? (
        <p className="c-release-group__missing">
          {t('console.releaseGroup.missing', { languages: group.missing.map((m) => languageName(m, l)).join(', ') })}
        </p>
      ) : (
        <p>{t('console.releaseGroup.allReady')}</p>
      )}
      <ul className="c-release-group__members">
        {group.members.map((m) => (
          <li key={m.chapterId} className={m.ready ? '' : 'c-release-group__member--missing'}>
            <span className="c-release-group__lang" lang={m.language}>
              {languageName(m.language, l)}
            </span>{' '}
            <Link href={`/chapters/${m.chapterId}`}>
              <span lang={m.language}>{m.titleName}</span> · <span lang={m.language}>{m.chapterName}</span>
            </Link>{' '}
            <span className="c-release-group__ready">
              {m.ready ? t('console.releaseGroup.pages', { count: m.pages }) : t('console.releaseGroup.noPages')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The one time, shown in each time zone of interest. */
function ZoneTimes({ group }: { group: ReleaseGroup }) {
  return (
    <section className="c-panel" aria-labelledby="group-zones">
      <h2 id="group-zones">{t('console.releaseGroup.zones')}</h2>
      <ul>
        {group.zones.map((z) => (
          <li key={z}>
            {z}: {showIn(group.startAt, z, locale())}
          </li>
        ))}
      </ul>
    </section>
  );
}
