import { useState } from 'react';
import { isoDay } from '../../../core/dateParts';
import {
  DASHBOARDS,
  type Dashboard,
  type DashboardName,
  type ReachQuery,
  type ReadingQuery,
  type StatsPeriodQuery,
} from '../../../core/console/schemas/stats';
import { addressOf } from '../../api/call';
import { t, tBuilt } from '../../i18n';
import { useLoad } from '../../ui/useLoad';
import { Problem } from '../../ui/ui';
import { ChapterPicker } from '../../ui/pickers/ChapterPicker';
import { TitlePicker } from '../../ui/pickers/TitlePicker';
import { StatsChart } from './StatsChart';
import { StatsTable } from './StatsTable';
import { cellText, columnName } from './labels';
import './stats.css';

const SHARE_TOTALS = new Set(['rate', 'goOnRate']);
// (Built from the day's fields: a locale's written form is no date format, en-CA's included.)
const localDay = (d: Date, tz: string) => isoDay(d.getTime(), tz);
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

interface Controls {
  from: string;
  to: string;
  tz: string;
  by: string;
  group: string;
  title: string;
  chapter: string;
}

function initial(): Controls {
  const tz = browserZone();
  const today = new Date();
  return {
    from: localDay(new Date(today.getTime() - 29 * 86_400_000), tz),
    to: localDay(today, tz),
    tz,
    by: 'day',
    group: 'title',
    title: '',
    chapter: '',
  };
}

/** The address of a dashboard's GET /stats/<name> (its route in the table), or null while what it needs is missing. */
function path(name: DashboardName, c: Controls): string | null {
  const period: StatsPeriodQuery = { from: c.from, to: c.to, tz: c.tz, by: c.by as NonNullable<StatsPeriodQuery['by']> };
  if (name === 'reading') {
    const group = c.group as NonNullable<ReadingQuery['group']>;
    if (group === 'chapter' && !c.title) return null;
    const query: ReadingQuery = { ...period, group, ...(group === 'chapter' ? { title: Number(c.title) } : {}) };
    return addressOf('GET /stats/reading', { query });
  }
  if (name === 'reach') {
    if (!c.chapter) return null;
    const query: ReachQuery = { ...period, chapter: Number(c.chapter) };
    return addressOf('GET /stats/reach', { query });
  }
  return addressOf(`GET /stats/${name}`, { query: period });
}

const hintOf = (name: DashboardName) =>
  name === 'reach' ? t('console.stats.pickChapter') : name === 'reading' ? t('console.stats.pickTitle') : t('console.stats.pick');

/** The analyst's dashboards: a period in a time zone, totals against the period before, a chart and sortable tables (CSV) each. */
export default function StatsScreen() {
  const [name, setName] = useState<DashboardName>('reading');
  const [c, setC] = useState<Controls>(initial);
  const set = (k: keyof Controls) => (e: { target: { value: string } }) => setC({ ...c, [k]: e.target.value });
  const url = path(name, c);
  return (
    <div className="c-stats">
      <h1>{t('console.area.stats')}</h1>
      <div className="c-stats__tabs" role="group" aria-label={t('console.stats.dashboards')}>
        {DASHBOARDS.map((d) => (
          <button key={d} type="button" className="c-button c-button--quiet" aria-pressed={d === name} onClick={() => setName(d)}>
            {t(`console.stats.dash.${d}`)}
          </button>
        ))}
      </div>
      <form className="c-stats__controls" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('console.stats.from')} <input type="date" value={c.from} onChange={set('from')} required />
        </label>
        <label>
          {t('console.stats.to')} <input type="date" value={c.to} onChange={set('to')} required />
        </label>
        <label>
          {t('console.stats.zone')} <input list="c-stats-zones" value={c.tz} onChange={set('tz')} />
        </label>
        <datalist id="c-stats-zones">
          {ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <label>
          {t('console.stats.by')}{' '}
          <select value={c.by} onChange={set('by')}>
            {['day', 'week', 'month'].map((b) => (
              <option key={b} value={b}>
                {tBuilt(`console.stats.by.${b}`)}
              </option>
            ))}
          </select>
        </label>
        {name === 'reading' ? (
          <label>
            {t('console.stats.group')}{' '}
            <select value={c.group} onChange={set('group')}>
              {['series', 'title', 'chapter', 'language'].map((g) => (
                <option key={g} value={g}>
                  {tBuilt(`console.stats.group.${g}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </form>
      {name === 'reading' && c.group === 'chapter' ? (
        <div className="c-stats__pick">
          <TitlePicker value={Number(c.title) || 0} onChange={(id) => setC({ ...c, title: id ? String(id) : '' })} />
        </div>
      ) : null}
      {name === 'reach' ? (
        <div className="c-stats__pick">
          <ChapterPicker value={Number(c.chapter) || 0} onChange={(id) => setC({ ...c, chapter: id ? String(id) : '' })} />
        </div>
      ) : null}
      {url ? <DashboardView key={url} name={name} url={url} /> : <p className="c-stats__hint">{hintOf(name)}</p>}
    </div>
  );
}

function DashboardView({ name, url }: { name: DashboardName; url: string }) {
  const { data, error } = useLoad<Dashboard>(url);
  return (
    <section className="c-stats__dashboard" aria-busy={!data && !error} aria-label={t(`console.stats.dash.${name}`)}>
      <Problem code={error} />
      {data ? (
        <>
          <dl className="c-stats__totals">
            {data.totals.map((x) => {
              const kind = SHARE_TOTALS.has(x.name) ? 'pct' : 'int';
              const delta = x.previous !== null && x.previous > 0 && kind === 'int' ? (x.value - x.previous) / x.previous : null;
              return (
                <div key={x.name} className="c-stats__total" data-total={x.name}>
                  <dt>{columnName(x.name)}</dt>
                  <dd>
                    <span className="c-stats__value">{cellText(kind, x.value)}</span>
                    {x.previous !== null ? (
                      <span className="c-stats__previous">
                        {t('console.stats.previous', { value: cellText(kind, x.previous) })}
                        {delta !== null ? ` (${delta >= 0 ? '+' : ''}${cellText('pct', delta)})` : ''}
                      </span>
                    ) : null}
                  </dd>
                </div>
              );
            })}
          </dl>
          {data.charts.map((ch) => (
            <StatsChart
              key={ch.id}
              chart={ch}
              title={tBuilt(`console.stats.chart.${ch.id}`)}
              shares={ch.id === 'reach'}
              dots={ch.id === 'notifications'}
            />
          ))}
          {data.tables.map((tb) => (
            <StatsTable
              key={tb.id}
              table={tb}
              caption={tBuilt(`console.stats.table.${tb.id}`)}
              file={`${name}-${tb.id}-${data.period.from}-${data.period.to}`}
            />
          ))}
        </>
      ) : null}
    </section>
  );
}
