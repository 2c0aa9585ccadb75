import { useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { useMachine } from '@xstate/react';
import { FREE_TEXT_MAX, problemOf, surveyFormMachine, type SurveyQuestion } from '../../../machines/surveyFormMachine';
import { ApiCallError, call } from '../../api/client';
import { errorPopupBody } from '../../api/loadErrors';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { byService, byShort } from '../../../core/languages';
import { Loading } from '../../ui/Loading';
import './questionnaire.css';

/** 001 §2: os, app_ver, os_ver and secret are forwarded to the server. */
const FORWARD = ['os', 'app_ver', 'os_ver', 'secret'] as const;

export default function QuestionnaireScreen() {
  const { query, lang } = useSurveyQuery();
  const [state, send] = useSurveyMachine(query, lang);
  const { error, copy } = state.context;
  // Questions the visitor has answered or changed: their problems show (not before).
  const [touchedSet, setTouched] = useState<ReadonlySet<number>>(new Set());
  const answer = (q: number, e: SurveySend) => {
    setTouched((t) => new Set(t).add(q));
    send(e);
  };

  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed'))
    return (
      <main className="survey" data-screen="questionnaire" data-state="failed">
        <p role="alert">{error}</p>
      </main>
    );
  if (state.matches('answered'))
    return (
      <main className="survey survey--message" data-screen="questionnaire" data-state="answered">
        <h1>{copy.answeredSubject || t('survey.answeredTitle')}</h1>
        <p>{copy.answeredBody || t('survey.answeredBody')}</p>
      </main>
    );
  if (state.matches('submitted'))
    return (
      <main className="survey survey--message" data-screen="questionnaire" data-state="submitted">
        <h1>{t('survey.doneTitle')}</h1>
        <p>{t('survey.doneBody')}</p>
      </main>
    );

  return <SurveyForm state={state} send={send} touchedSet={touchedSet} answer={answer} />;
}

/** The questionnaire's key and language from the address, and the app's details it forwards. */
function useSurveyQuery() {
  const params = useParams<{ lang: string; questionnaire_key: string }>();
  const search = new URLSearchParams(useSearch());
  const lang = byService(params.lang)?.service ?? byShort(params.lang)?.service ?? 'eng';
  const query: Record<string, string> = { questionnaire_key: params.questionnaire_key, lang };
  for (const k of FORWARD) {
    const v = search.get(k);
    if (v) query[k] = v;
  }
  return { query, lang };
}

/** The survey form's machine, loading the questionnaire and sending the answers. */
function useSurveyMachine(query: Record<string, string>, lang: string) {
  return useMachine(
    surveyFormMachine.provide({
      actions: {
        load: ({ self }) => {
          call('/questionnaire', { query }).then(
            (r) => {
              if (r.data.case !== 'questionnaireView') throw new Error('unexpected answer');
              const v = r.data.value;
              const questions: SurveyQuestion[] = v.questions.map((q) => ({
                description: q.description,
                canSkip: q.canSkip,
                numberOfChoices: Math.max(1, q.numberOfChoices),
                selection: q.selection,
                freeForm: q.hideFreeform ? '' : q.freeForm || t('survey.other'),
              }));
              const copy = { subject: v.subject, answeredSubject: v.answeredSubject, answeredBody: v.answeredBody };
              self.send({ type: 'survey.loaded', questions, answered: v.isAnswered, copy });
            },
            (e: unknown) => self.send({ type: 'survey.failed', message: errorPopupBody(e, lang) ?? t('survey.error') }),
          );
        },
        submit: ({ self }, { body }) => {
          call('/questionnaire', { method: 'PUT', query, body }).then(
            () => self.send({ type: 'submit.done' }),
            (e: unknown) =>
              e instanceof ApiCallError && e.status === 409
                ? self.send({ type: 'submit.alreadyAnswered' })
                : self.send({ type: 'submit.failed', message: errorPopupBody(e, lang) ?? t('survey.error') }),
          );
        },
      },
    }),
    { inspect },
  );
}

type SurveyState = ReturnType<typeof useSurveyMachine>[0];
type SurveySend = Parameters<ReturnType<typeof useSurveyMachine>[1]>[0];
type Answer = (q: number, e: SurveySend) => void;

/** The questions, the form's error and the submit button. */
function SurveyForm({
  state,
  send,
  touchedSet,
  answer,
}: {
  state: SurveyState;
  send: (e: SurveySend) => void;
  touchedSet: ReadonlySet<number>;
  answer: Answer;
}) {
  const { questions, answers, error, copy } = state.context;
  const valid = questions.every((q, i) => problemOf(q, answers[i]) === null);
  const busy = state.matches('submitting');
  return (
    <main className="survey" data-screen="questionnaire" data-state={String(state.value)}>
      <h1>{copy.subject || t('survey.title')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <ol className="survey__questions">
          {questions.map((q, i) => (
            <QuestionField key={`q${i + 1}`} q={q} i={i} a={answers[i]} touched={touchedSet.has(i)} answer={answer} />
          ))}
        </ol>
        {error ? (
          <p className="survey__problem" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary survey__submit" disabled={!valid || busy} aria-busy={busy}>
          {busy ? t('common.loading') : t('survey.submit')}
        </button>
      </form>
    </main>
  );
}

interface FieldProps {
  q: SurveyQuestion;
  i: number;
  a: SurveyState['context']['answers'][number];
  answer: Answer;
}

/** One question: its choices (radio, or checkboxes up to numberOfChoices), its free answer and its problem once touched. */
function QuestionField({ q, i, a, touched, answer }: FieldProps & { touched: boolean }) {
  const multi = q.numberOfChoices > 1;
  const problem = problemOf(q, a);
  const name = `q${i + 1}`;
  return (
    <li className="survey__question">
      <fieldset>
        <legend>
          <span className="survey__num">{i + 1}.</span> {q.description}{' '}
          {!q.canSkip ? <span className="survey__required">{t('survey.required')}</span> : null}{' '}
          {multi ? <span className="survey__hint">{t('survey.upTo', { n: q.numberOfChoices })}</span> : null}
        </legend>
        {q.selection.map((opt) => (
          <label key={opt} className="survey__option">
            <input
              type={multi ? 'checkbox' : 'radio'}
              name={name}
              value={opt}
              checked={a.choices.includes(opt)}
              onChange={() => answer(i, multi ? { type: 'answer.toggle', q: i, value: opt } : { type: 'answer.choose', q: i, value: opt })}
            />
            <span>{opt}</span>
          </label>
        ))}
        {q.freeForm ? <FreeAnswer q={q} i={i} a={a} answer={answer} /> : null}
        {problem && touched ? (
          <p className="survey__problem" role="alert">
            {problem.kind === 'tooMany'
              ? t('survey.tooMany', { n: problem.n })
              : problem.kind === 'tooLong'
                ? t('survey.tooLong', { n: FREE_TEXT_MAX })
                : problem.kind === 'writeOther'
                  ? t('survey.writeOther')
                  : t('survey.choose')}
          </p>
        ) : null}
      </fieldset>
    </li>
  );
}

/** The question's "other" choice and its text. */
function FreeAnswer({ q, i, a, answer }: FieldProps) {
  const multi = q.numberOfChoices > 1;
  const name = `q${i + 1}`;
  return (
    <div className="survey__free">
      <label className="survey__option">
        <input
          type={multi ? 'checkbox' : 'radio'}
          name={name}
          checked={a.freeOn}
          onChange={() => answer(i, { type: 'answer.freeToggle', q: i })}
          onClick={() => !multi && a.freeOn && answer(i, { type: 'answer.freeToggle', q: i })}
        />
        <span>{q.freeForm}</span>
      </label>
      <textarea
        aria-label={t('survey.otherText', { n: i + 1 })}
        disabled={!a.freeOn}
        maxLength={FREE_TEXT_MAX}
        value={a.freeText}
        onChange={(e) => answer(i, { type: 'answer.freeText', q: i, text: e.target.value })}
        rows={2}
      />
    </div>
  );
}
