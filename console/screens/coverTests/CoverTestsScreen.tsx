import { Link } from 'wouter';
import { t, tBuilt } from '../../i18n';
import { period } from '../../ui/format';
import { Problem } from '../../ui/ui';
import { useCall } from '../../ui/useLoad';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';
import { testName } from './Figures';
import { NewTestForm } from './NewTestForm';
import './coverTests.css';

/** /cover-tests: every cover and banner test (editors and analysts), and a new one (editors). */
export default function CoverTestsScreen() {
  const member = useMember();
  const { data, error } = useCall('GET /cover-tests', { query: {} });
  return (
    <>
      <h1>{t('console.area.coverTests')}</h1>
      <p>{t('console.coverTest.intro')}</p>
      <Problem code={error} />
      {reaches('POST /cover-tests', member.roles) ? <NewTestForm /> : null}
      {data && !data.tests.length ? <p className="c-meta">{t('console.coverTest.none')}</p> : null}
      {data?.tests.length ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label={t('console.area.coverTests')}>
          <table className="c-table">
            <caption className="c-visually-hidden">{t('console.area.coverTests')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.coverTest.title')}</th>
                <th scope="col">{t('console.coverTest.image')}</th>
                <th scope="col">{t('console.coverTest.stateColumn')}</th>
                <th scope="col">{t('console.coverTest.period')}</th>
              </tr>
            </thead>
            <tbody>
              {data.tests.map((x) => (
                <tr key={x.id}>
                  <th scope="row">
                    <Link href={`/cover-tests/${x.id}`}>{testName(x)}</Link>
                  </th>
                  <td>{tBuilt(`console.coverTest.slot.${x.slot}`)}</td>
                  <td>{tBuilt(`console.coverTest.state.${x.state}`)}</td>
                  <td>{x.startsAt ? period(x.startsAt, x.endsAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
