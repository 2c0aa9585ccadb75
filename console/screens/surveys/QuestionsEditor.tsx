import { useId } from 'react';
import type { Question, SurveyText } from '../../../core/console/schemas/surveys';
import { t } from '../../i18n';
import { Field } from '../../ui/ui';

const blankQuestion = (): Question => ({
  description: '',
  canSkip: false,
  numberOfChoices: 1,
  selection: ['', ''],
  hideFreeform: true,
  freeForm: '',
});

export const blankText = (): SurveyText => ({ subject: '', questions: [blankQuestion()], answeredSubject: '', answeredBody: '' });

/** One language's questionnaire: its subject, its questions (single or multiple choice with a limit, skippable, "other"), its thanks. */
export function QuestionsEditor({ value, onChange, locked }: { value: SurveyText; onChange: (v: SurveyText) => void; locked: boolean }) {
  const setQ = (i: number, q: Partial<Question>) =>
    onChange({ ...value, questions: value.questions.map((x, j) => (j === i ? { ...x, ...q } : x)) });
  return (
    <fieldset className="c-questions" disabled={locked}>
      <legend>{t('console.surveys.questionnaire')}</legend>
      <Field
        label={t('console.surveys.subject')}
        required
        value={value.subject}
        onChange={(e) => onChange({ ...value, subject: e.target.value })}
      />
      <ol className="c-list c-list--stacked">
        {value.questions.map((q, i) => (
          <li key={i}>
            <QuestionFields
              n={i + 1}
              q={q}
              onChange={(p) => setQ(i, p)}
              onRemove={() => onChange({ ...value, questions: value.questions.filter((_, j) => j !== i) })}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="c-button c-button--quiet"
        onClick={() => onChange({ ...value, questions: [...value.questions, blankQuestion()] })}
      >
        {t('console.surveys.addQuestion')}
      </button>
      <Field
        label={t('console.surveys.answeredSubject')}
        value={value.answeredSubject}
        onChange={(e) => onChange({ ...value, answeredSubject: e.target.value })}
      />
      <Field
        label={t('console.surveys.answeredBody')}
        value={value.answeredBody}
        onChange={(e) => onChange({ ...value, answeredBody: e.target.value })}
        hint={t('console.surveys.answeredHint')}
      />
    </fieldset>
  );
}

function QuestionFields({
  n,
  q,
  onChange,
  onRemove,
}: {
  n: number;
  q: Question;
  onChange: (p: Partial<Question>) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="c-question" aria-label={t('console.surveys.questionN', { n })}>
      <legend>{t('console.surveys.questionN', { n })}</legend>
      <Field
        label={t('console.surveys.description')}
        required
        value={q.description}
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <ChoiceKind q={q} onChange={onChange} />
      <Choices q={q} onChange={onChange} />
      <label className="c-check">
        <input type="checkbox" checked={q.canSkip} onChange={(e) => onChange({ canSkip: e.target.checked })} />{' '}
        {t('console.surveys.canSkip')}
      </label>
      <label className="c-check">
        <input type="checkbox" checked={!q.hideFreeform} onChange={(e) => onChange({ hideFreeform: !e.target.checked })} />{' '}
        {t('console.surveys.offerOther')}
      </label>
      {!q.hideFreeform ? (
        <Field label={t('console.surveys.otherLabel')} value={q.freeForm} onChange={(e) => onChange({ freeForm: e.target.value })} />
      ) : null}
      <button type="button" className="c-button c-button--quiet" onClick={onRemove}>
        {t('console.surveys.removeQuestion', { n })}
      </button>
    </fieldset>
  );
}

/** Single or multiple choice, and a multiple choice's limit (no more than the choices offered, "other" counted). */
function ChoiceKind({ q, onChange }: { q: Question; onChange: (p: Partial<Question>) => void }) {
  const id = useId();
  const multiple = q.numberOfChoices > 1;
  const choices = q.selection.length + (q.hideFreeform ? 0 : 1);
  return (
    <>
      <div className="c-choices c-choices--row" role="radiogroup" aria-label={t('console.surveys.kind')}>
        <label>
          <input type="radio" name={`${id}-kind`} checked={!multiple} onChange={() => onChange({ numberOfChoices: 1 })} />{' '}
          {t('console.surveys.single')}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={multiple}
            onChange={() => onChange({ numberOfChoices: Math.max(2, Math.min(2, choices)) })}
          />{' '}
          {t('console.surveys.multiple')}
        </label>
      </div>
      {multiple ? (
        <Field
          label={t('console.surveys.limit')}
          type="number"
          min={2}
          max={Math.max(2, choices)}
          value={q.numberOfChoices}
          error={q.numberOfChoices > choices ? t('console.surveys.problem.limit-above-choices') : null}
          onChange={(e) => onChange({ numberOfChoices: Math.max(1, Number(e.target.value) || 1) })}
        />
      ) : null}
    </>
  );
}

/** The question's choices, each editable and removable, and one more added. */
function Choices({ q, onChange }: { q: Question; onChange: (p: Partial<Question>) => void }) {
  return (
    <>
      <ul className="c-list">
        {q.selection.map((c, j) => (
          <li key={j} className="c-row">
            <Field
              label={t('console.surveys.choiceN', { n: j + 1 })}
              value={c}
              required
              onChange={(e) => onChange({ selection: q.selection.map((x, k) => (k === j ? e.target.value : x)) })}
            />
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => onChange({ selection: q.selection.filter((_, k) => k !== j) })}
              aria-label={t('console.surveys.removeChoice', { n: j + 1 })}
            >
              {t('console.common.remove')}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="c-button c-button--quiet" onClick={() => onChange({ selection: [...q.selection, ''] })}>
        {t('console.surveys.addChoice')}
      </button>
    </>
  );
}
