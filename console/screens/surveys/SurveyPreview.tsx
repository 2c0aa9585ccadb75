import type { SurveyText } from '../../../core/console/schemas/surveys';
import { t } from '../../i18n';

/** The questionnaire as a reader will meet it: each question with its choices, "other", and whether it may be skipped. */
export function SurveyPreview({ text, language }: { text: SurveyText; language: string }) {
  return (
    <section className="c-panel c-survey-preview" aria-label={t('console.surveys.preview')} lang={language}>
      <h3>{text.subject}</h3>
      {text.questions.map((q, i) => (
        <fieldset key={i}>
          <legend>
            {q.description} {q.canSkip ? <span className="c-tag">{t('console.surveys.optional')}</span> : null}
          </legend>
          {q.numberOfChoices > 1 ? <p className="c-meta">{t('console.surveys.pickUpTo', { count: q.numberOfChoices })}</p> : null}
          {[...q.selection, ...(q.hideFreeform ? [] : [q.freeForm || t('console.surveys.other')])].map((c, j) => (
            <label key={j} className="c-check">
              <input type={q.numberOfChoices > 1 ? 'checkbox' : 'radio'} name={`preview-${i}`} /> {c}
            </label>
          ))}
        </fieldset>
      ))}
    </section>
  );
}
