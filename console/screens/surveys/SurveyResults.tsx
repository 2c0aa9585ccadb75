import { useState } from 'react';
import type { Lang } from '../../../core/console/schemas/home';
import type { Survey } from '../../../core/console/schemas/surveys';
import { API_BASE } from '../../api/client';
import { addressOf } from '../../api/call';
import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { Problem } from '../../ui/ui';
import { LanguageSelect } from '../../ui/edit/LanguagePicker';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';

/** A survey's results: counts per choice, the free-form answers, skips; the answers as CSV. */
export function SurveyResults({ survey, onClose }: { survey: Survey; onClose: () => void }) {
  const [language, setLanguage] = useState(Object.keys(survey.texts)[0] ?? 'en');
  const { data, error } = useCall('GET /surveys/:key/results', { params: { key: survey.key }, query: { language: language as Lang } });
  // The answers themselves are for moderators and analysts: an editor sees the counts without a link that would be refused.
  const canExport = reaches('GET /surveys/:key/answers/export', useMember().roles);
  return (
    <section className="c-panel" aria-labelledby="survey-results">
      <h2 id="survey-results">{t('console.surveys.resultsNamed', { key: survey.key })}</h2>
      <div className="c-row">
        <LanguageSelect value={language} onChange={setLanguage} label={t('console.surveys.language')} />
        {canExport ? (
          <a
            className="c-button c-button--quiet"
            href={API_BASE + addressOf('GET /surveys/:key/answers/export', { params: { key: survey.key }, query: { format: 'csv' } })}
            download
          >
            {t('console.surveys.csv')}
          </a>
        ) : null}
        <button type="button" className="c-button c-button--quiet" onClick={onClose}>
          {t('console.common.close')}
        </button>
      </div>
      <Problem code={error} />
      {data ? <p>{t('console.surveys.total', { count: data.total })}</p> : null}
      {data?.questions.map((q, i) => (
        <section key={i} className="c-result" aria-label={q.description}>
          <h3>{q.description}</h3>
          <ul className="c-bars">
            {q.choices.map((c) => (
              <li key={c.label}>
                <span>{c.label}</span>
                <meter min={0} max={Math.max(1, data.total)} value={c.count} aria-hidden="true" />
                <span className="c-num">{t('console.surveys.count', { count: c.count })}</span>
              </li>
            ))}
            <li>
              <span>{t('console.surveys.other')}</span>
              <meter min={0} max={Math.max(1, data.total)} value={q.other.count} aria-hidden="true" />
              <span className="c-num">{t('console.surveys.count', { count: q.other.count })}</span>
            </li>
            <li>
              <span>{t('console.surveys.skipped')}</span>
              <meter min={0} max={Math.max(1, data.total)} value={q.skipped} aria-hidden="true" />
              <span className="c-num">{t('console.surveys.count', { count: q.skipped })}</span>
            </li>
          </ul>
          {q.other.answers.length > 0 ? (
            <details>
              <summary>{t('console.surveys.otherAnswers', { count: q.other.answers.length })}</summary>
              <ul className="c-list">
                {q.other.answers.map((a, j) => (
                  <li key={j}>{a}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </section>
      ))}
    </section>
  );
}
