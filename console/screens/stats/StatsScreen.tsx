import { useState } from 'react';
import { t } from '../../i18n';
import { useLoad } from '../../app/useLoad';
import { Problem, TableWrap } from '../../app/ui';

/** Daily views and readers (analysts, read only). */
export default function StatsScreen() {
  const [days, setDays] = useState(7);
  const { data, error } = useLoad<{ days: Array<{ day: string; views: number; readers: number }> }>(`/stats/summary?days=${days}`);
  return (
    <>
      <h1>{t('console.area.stats')}</h1>
      <label className="c-inline">
        {t('console.stats.period')}{' '}
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[7, 30, 90].map((n) => (
            <option key={n} value={n}>
              {t('console.stats.days', { n })}
            </option>
          ))}
        </select>
      </label>
      <Problem code={error} />
      <TableWrap label={t('console.area.stats')}>
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">{t('console.stats.day')}</th>
              <th scope="col">{t('console.stats.views')}</th>
              <th scope="col">{t('console.stats.readers')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td className="c-num">{t('console.stats.count', { n: d.views })}</td>
                <td className="c-num">{t('console.stats.count', { n: d.readers })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
