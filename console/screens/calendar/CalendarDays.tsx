import { Link } from 'wouter';
import type { CalendarEntry } from '../../../core/console/schemas/releaseGroups';
import { locale, t, tBuilt } from '../../i18n';
import type { CalendarDay } from './calendarDays';
import { countdown, languageName } from './countdown';

const timeIn = (sec: number, zone: string, l: string) =>
  new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(sec * 1000));
const dayTitle = (day: CalendarDay, zone: string, l: string) =>
  new Intl.DateTimeFormat(l, { weekday: 'long', month: 'short', day: 'numeric', timeZone: zone }).format(
    new Date(day.from * 1000 + 12 * 3600_000),
  );

/** Where an entry is edited: a group's editor, else the chapter's screen with its schedule. */
const editorOf = (e: CalendarEntry) => (e.kind === 'group' ? `/releases/${e.groupId}` : `/chapters/${e.chapterId}`);

/** The window's days, each a labelled list of what goes out or ends on it (in time order). */
export function CalendarDays({
  days,
  entries,
  zone,
  now,
  week,
}: {
  days: CalendarDay[];
  entries: CalendarEntry[];
  zone: string;
  now: number;
  week: boolean;
}) {
  const l = locale();
  return (
    <div className={week ? 'c-calendar__week' : 'c-calendar__dayview'}>
      {days.map((d) => {
        const mine = entries.filter((e) => e.at >= d.from && e.at < d.to);
        const today = now >= d.from && now < d.to;
        return (
          <section key={d.key} className={`c-calendar__day${today ? ' c-calendar__day--today' : ''}`} aria-labelledby={`day-${d.key}`}>
            <h2 id={`day-${d.key}`} className="c-calendar__date">
              {dayTitle(d, zone, l)}
              {today ? <span className="c-calendar__today"> · {t('console.calendar.todayMark')}</span> : null}
            </h2>
            {mine.length === 0 ? (
              <p className="c-calendar__empty">{t('console.calendar.nothing')}</p>
            ) : (
              <ul className="c-calendar__entries">
                {mine.map((e) => (
                  <li key={`${e.kind}-${e.chapterId}-${e.groupId}`} className={`c-calendar__entry c-calendar__entry--${e.kind}`}>
                    <Link href={editorOf(e)} className="c-calendar__link">
                      <span className="c-calendar__time">{timeIn(e.at, zone, l)}</span>{' '}
                      <span className="c-calendar__kind">{tBuilt(`console.calendar.kind.${e.kind}`)}</span>{' '}
                      <span className="c-calendar__name">{e.titleName ? `${e.titleName} · ${e.name}` : e.name}</span>
                    </Link>
                    <span className="c-calendar__meta">
                      {e.languages.map((x) => languageName(x, l)).join(', ')}
                      {' · '}
                      {e.state === 'held' ? t('console.calendar.held') : countdown(e.at, now, l)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
