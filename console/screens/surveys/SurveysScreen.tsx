import { useState } from 'react';
import type { Survey } from '../../../core/console/schemas/surveys';
import { t } from '../../i18n';
import { period } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';
import { Notice, Problem } from '../../ui/ui';
import { SurveyEditor } from './SurveyEditor';
import { SurveyResults } from './SurveyResults';
import '../../ui/edit/edit.css';

/** Surveys: the builder (editors) and each one's results (editors, moderators, analysts). */
export default function SurveysScreen() {
  const member = useMember();
  const canEdit = reaches('PATCH /surveys/:key', member.roles);
  const { data, error, reload } = useCall('GET /surveys', {});
  const [open, setOpen] = useState<{ survey: Survey | null; view: 'edit' | 'results' } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <h1>{t('console.area.surveys')}</h1>
      {canEdit ? (
        <button type="button" className="c-button" onClick={() => setOpen({ survey: null, view: 'edit' })}>
          {t('console.surveys.new')}
        </button>
      ) : null}
      <Problem code={error} />
      <Notice text={notice} />
      {open?.view === 'edit' ? (
        <SurveyEditor
          key={open.survey?.key ?? 'new'}
          survey={open.survey}
          onSaved={(s) => {
            setNotice(t('console.surveys.saved'));
            setOpen({ survey: s, view: 'edit' });
            reload();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.view === 'results' && open.survey ? <SurveyResults survey={open.survey} onClose={() => setOpen(null)} /> : null}
      {data && data.surveys.length === 0 ? <p>{t('console.surveys.none')}</p> : null}
      <div className="c-table-wrap">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">{t('console.surveys.key')}</th>
              <th scope="col">{t('console.surveys.status')}</th>
              <th scope="col">{t('console.period.legend')}</th>
              <th scope="col" className="c-num">
                {t('console.surveys.answers')}
              </th>
              <th scope="col">{t('console.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.surveys.map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.key}</th>
                <td>{t(`console.surveys.status.${s.status}`)}</td>
                <td>{period(s.startAt, s.endAt)}</td>
                <td className="c-num">{s.answers}</td>
                <td className="c-actions">
                  {canEdit ? (
                    <button
                      type="button"
                      className="c-button c-button--quiet"
                      onClick={() => setOpen({ survey: s, view: 'edit' })}
                      aria-label={t('console.surveys.editNamed', { key: s.key })}
                    >
                      {t('console.common.edit')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="c-button c-button--quiet"
                    onClick={() => setOpen({ survey: s, view: 'results' })}
                    aria-label={t('console.surveys.resultsNamed', { key: s.key })}
                  >
                    {t('console.surveys.results')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
