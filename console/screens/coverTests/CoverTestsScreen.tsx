import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CoverSlot } from '../../../core/console/schemas/coverTests';
import { byShort } from '../../../core/languages';
import { problemCode } from '../../api/client';
import { t, tBuilt } from '../../i18n';
import { period } from '../../ui/format';
import { Problem } from '../../ui/ui';
import { useCall } from '../../ui/useLoad';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';
import { makeTest } from './coverTestApi';
import './coverTests.css';

/** /cover-tests: every cover test (editors and analysts), and a new one (editors). */
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
                    <Link href={`/cover-tests/${x.id}`}>{x.titleName || `#${x.titleId}`}</Link>
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

/** A new test: which title, which of its images; made as a draft with the current image as variant A. */
function NewTestForm() {
  const [, navigate] = useLocation();
  const titles = useCall('GET /catalog/titles', { query: {} });
  const [titleId, setTitleId] = useState(0);
  const [slot, setSlot] = useState<CoverSlot>('portrait');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = titles.data?.titles ?? [];
  const chosen = titleId || list[0]?.id || 0;
  return (
    <form
      className="c-panel c-cover-test__new"
      aria-labelledby="cover-new"
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return;
        setBusy(true);
        makeTest(chosen, slot).then(
          (x) => navigate(`/cover-tests/${x.id}`),
          (err: unknown) => {
            setBusy(false);
            setProblem(problemCode(err));
          },
        );
      }}
    >
      <h2 id="cover-new">{t('console.coverTest.new')}</h2>
      <div className="c-field">
        <label htmlFor="cover-title">{t('console.coverTest.title')}</label>
        <select id="cover-title" value={chosen} onChange={(e) => setTitleId(Number(e.target.value))}>
          {list.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name} ({byShort(x.language)?.native ?? x.language})
            </option>
          ))}
        </select>
      </div>
      <div className="c-field">
        <label htmlFor="cover-slot">{t('console.coverTest.image')}</label>
        <select id="cover-slot" value={slot} onChange={(e) => setSlot(e.target.value === 'landscape' ? 'landscape' : 'portrait')}>
          <option value="portrait">{t('console.coverTest.slot.portrait')}</option>
          <option value="landscape">{t('console.coverTest.slot.landscape')}</option>
        </select>
      </div>
      <Problem code={problem === 'wrong-state' ? null : problem} />
      {problem === 'wrong-state' ? (
        <div className="c-alert" role="alert">
          {t('console.coverTest.problem.already')}
        </div>
      ) : null}
      <button type="submit" className="c-button" disabled={busy || !chosen}>
        {t('console.coverTest.make')}
      </button>
    </form>
  );
}
