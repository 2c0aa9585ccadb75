import { useEffect, useMemo, useState } from 'react';
import { LANGUAGES } from '../../../core/languages';
import { every, useClock } from '../../../web/clock';
import { locale, t } from '../../i18n';
import { Loading, Problem } from '../../ui/ui';
import { useCall } from '../../ui/useLoad';
import { ownZone } from '../../ui/zonedTime';
import { ZoneSelect } from '../../ui/edit/ZoneSelect';
import { daysFrom, dayKey, shiftDay, weekOf } from './calendarDays';
import { languageName } from './countdown';
import { CalendarDays } from './CalendarDays';
import './calendar.css';

type View = 'day' | 'week';

/** The minute the screen last ticked: countdowns move on with it. */
function useNowSec(): number {
  const clock = useClock();
  const [now, setNow] = useState(() => Math.floor(clock.now() / 1000));
  useEffect(() => every(clock, 30_000, () => setNow(Math.floor(clock.now() / 1000))), [clock]);
  return now;
}

/**
 * /calendar: every scheduled release, release group and end of free reading,
 * by day or by week, in the editor's time zone, with countdowns; filtered by
 * publisher and language. An entry opens its schedule editor (the chapter's
 * or the group's), where it is moved.
 */
export default function CalendarScreen() {
  const now = useNowSec();
  const [zone, setZone] = useState(ownZone);
  const [view, setView] = useState<View>('week');
  const [day, setDay] = useState(() => dayKey(now, ownZone()));
  const [publisherId, setPublisherId] = useState<number | undefined>(undefined);
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const days = useMemo(() => (view === 'day' ? daysFrom(day, 1, zone) : daysFrom(weekOf(day), 7, zone)), [view, day, zone]);
  const entries = useCall('GET /calendar', {
    query: { from: days[0].from, to: days[days.length - 1].to, ...(publisherId ? { publisherId } : {}), ...(language ? { language } : {}) },
  });
  const publishers = useCall('GET /news/publishers', {});
  const l = locale();
  const step = view === 'day' ? 1 : 7;
  return (
    <div className="c-calendar">
      <h1>{t('console.calendar.title')}</h1>
      <div className="c-calendar__bar" role="group" aria-label={t('console.calendar.view')}>
        {(['day', 'week'] as const).map((v) => (
          <button key={v} type="button" className="c-button c-button--quiet" aria-pressed={view === v} onClick={() => setView(v)}>
            {t(v === 'day' ? 'console.calendar.day' : 'console.calendar.week')}
          </button>
        ))}
        <button type="button" className="c-button c-button--quiet" onClick={() => setDay(shiftDay(day, -step))}>
          {t(view === 'day' ? 'console.calendar.previousDay' : 'console.calendar.previousWeek')}
        </button>
        <button type="button" className="c-button c-button--quiet" onClick={() => setDay(dayKey(now, zone))}>
          {t('console.calendar.today')}
        </button>
        <button type="button" className="c-button c-button--quiet" onClick={() => setDay(shiftDay(day, step))}>
          {t(view === 'day' ? 'console.calendar.nextDay' : 'console.calendar.nextWeek')}
        </button>
      </div>
      <div className="c-calendar__filters">
        <ZoneSelect id="calendar-zone" label={t('console.release.zone')} zone={zone} onPick={setZone} />
        <div className="c-field">
          <label htmlFor="calendar-publisher">{t('console.calendar.publisher')}</label>
          <select
            id="calendar-publisher"
            value={publisherId ?? ''}
            onChange={(e) => setPublisherId(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">{t('console.calendar.all')}</option>
            {(publishers.data?.publishers ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <label htmlFor="calendar-language">{t('console.calendar.language')}</label>
          <select id="calendar-language" value={language ?? ''} onChange={(e) => setLanguage(e.target.value || undefined)}>
            <option value="">{t('console.calendar.all')}</option>
            {LANGUAGES.map((x) => (
              <option key={x.short} value={x.short}>
                {languageName(x.short, l)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Problem code={entries.error} />
      {entries.data ? (
        <CalendarDays days={days} entries={entries.data.entries} zone={zone} now={now} week={view === 'week'} />
      ) : (
        <Loading />
      )}
    </div>
  );
}
