import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { Survey, SurveyPatch, SurveyText } from '../../../core/console/schemas/surveys';
import { LANGUAGES } from '../../../core/languages';
import { surveyLifecycleMachine, type SurveyShape } from '../../../machines/console/surveyLifecycleMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { call } from '../../api/call';
import { t, tBuilt } from '../../i18n';
import { every, useClock } from '../../../web/clock';
import { Field, Problem } from '../../ui/ui';
import { LanguageSelect } from '../../ui/edit/LanguagePicker';
import { PeriodFields, periodInvalid } from '../../ui/edit/PeriodFields';
import { Refusal } from '../../ui/edit/Refusal';
import { QuestionsEditor, blankText } from './QuestionsEditor';
import { SurveyPreview } from './SurveyPreview';

/** The opening rules' own codes (the rest are the server's problem codes). */
const RULES: readonly string[] = ['no-question', 'no-choice', 'limit-above-choices'];

/** Every language must hold a question; the rules then look at all of them. */
const shapeOf = (texts: Record<string, SurveyText>): SurveyShape => {
  const all = Object.values(texts);
  return { questions: all.length === 0 || all.some((x) => x.questions.length === 0) ? [] : all.flatMap((x) => x.questions) };
};

/** A survey's key, period and questionnaire per language, with its preview; a saved one is opened and closed here. */
export function SurveyEditor({ survey, onSaved, onClose }: { survey: Survey | null; onSaved: (s: Survey) => void; onClose: () => void }) {
  const clock = useClock();
  const [key, setKey] = useState(survey?.key ?? '');
  const [period, setPeriod] = useState({ startAt: survey?.startAt ?? null, endAt: survey?.endAt ?? null });
  const [texts, setTexts] = useState<Record<string, SurveyText>>(survey?.texts ?? { en: blankText() });
  const [language, setLanguage] = useState(Object.keys(texts)[0] ?? 'en');
  const [preview, setPreview] = useState(false);
  const [refused, setRefused] = useState<unknown>(null);
  const [current, setCurrent] = useState(survey);
  const saved = (x: Survey) => {
    setCurrent(x);
    setRefused(null);
    onSaved(x);
  };
  const fields = { startAt: period.startAt ?? 0, endAt: period.endAt, texts };
  const machine = useMemo(() => {
    // The request (which survey, its version, what to send) comes with the event; the answer goes back to the actor.
    const patch = (request: unknown, self: { send: (e: { type: 'request.done' } | { type: 'request.failed'; code: string }) => void }) => {
      const r = request as { key: string; body: SurveyPatch };
      call('PATCH /surveys/:key', { params: { key: r.key }, body: r.body }).then(
        (a) => {
          saved(a);
          self.send({ type: 'request.done' });
        },
        (e: unknown) => self.send({ type: 'request.failed', code: problemCode(e) }),
      );
    };
    return surveyLifecycleMachine.provide({
      actions: {
        openSurvey: ({ self }, p) => patch(p.request, self),
        closeSurvey: ({ self }, p) => patch(p.request, self),
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one actor per editor; `saved` only reports upwards
  }, []);
  const [state, send] = useMachine(machine, { input: { status: survey?.status ?? 'draft' }, inspect });
  const status = state.value as string;
  useEffect(
    () =>
      every(clock, 1000, () => {
        if (current?.endAt != null && clock.now() / 1000 >= current.endAt) send({ type: 'period.ended' });
      }),
    [clock, send, current?.endAt],
  );
  const locked = (survey?.answers ?? 0) > 0;
  const text = texts[language];
  return (
    <form
      className="c-panel c-editor"
      aria-labelledby="survey-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (periodInvalid(period) || !period.startAt) return;
        const req = current
          ? call('PATCH /surveys/:key', { params: { key: current.key }, body: { ...fields, version: current.version } })
          : call('POST /surveys', { body: { key, ...fields } });
        req.then(saved, setRefused);
      }}
    >
      <h2 id="survey-editor">{survey ? t('console.surveys.editNamed', { key: survey.key }) : t('console.surveys.new')}</h2>
      {survey ? (
        <p className="c-meta" role="status">
          {tBuilt(`console.surveys.lifecycle.${status}`)}
        </p>
      ) : (
        <Field
          label={t('console.surveys.key')}
          required
          pattern="[A-Za-z0-9_-]+"
          maxLength={100}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          hint={t('console.surveys.keyHint')}
        />
      )}
      <PeriodFields value={period} onChange={setPeriod} />
      <div className="c-row">
        <LanguageSelect value={language} onChange={setLanguage} label={t('console.surveys.language')} />
        {text ? (
          Object.keys(texts).length > 1 && !locked ? (
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => setTexts(Object.fromEntries(Object.entries(texts).filter(([l]) => l !== language)))}
            >
              {t('console.surveys.removeLanguage')}
            </button>
          ) : null
        ) : (
          <button
            type="button"
            className="c-button c-button--quiet"
            disabled={locked}
            onClick={() => setTexts({ ...texts, [language]: blankText() })}
          >
            {t('console.surveys.addLanguage', { language: LANGUAGES.find((l) => l.short === language)?.native ?? language })}
          </button>
        )}
        <label className="c-check">
          <input type="checkbox" checked={preview} onChange={(e) => setPreview(e.target.checked)} /> {t('console.surveys.preview')}
        </label>
      </div>
      {text ? <QuestionsEditor value={text} locked={locked} onChange={(v) => setTexts({ ...texts, [language]: v })} /> : null}
      {text && preview ? <SurveyPreview text={text} language={language} /> : null}
      <Refusal error={refused} />
      {state.context.problems.map((p) =>
        RULES.includes(p) ? (
          <p key={p} className="c-field__error" role="alert">
            {tBuilt(`console.surveys.problem.${p}`)}
          </p>
        ) : (
          <Problem key={p} code={p} />
        ),
      )}
      <div className="c-row">
        <button
          type="submit"
          className="c-button"
          disabled={locked || periodInvalid(period) || !period.startAt || status === 'opening' || status === 'closing'}
        >
          {t('console.common.save')}
        </button>
        {survey && (status === 'draft' || status === 'closed') ? (
          <button
            type="button"
            className="c-button"
            onClick={() => {
              const c = current!;
              // A survey with answers keeps its questions: only its status changes.
              const body = c.answers > 0 ? { status: 'open' } : { ...fields, status: 'open' };
              send({ type: 'survey.open', survey: shapeOf(texts), request: { key: c.key, body: { ...body, version: c.version } } });
            }}
          >
            {t('console.surveys.open')}
          </button>
        ) : null}
        {survey && status === 'open' ? (
          <button
            type="button"
            className="c-button"
            onClick={() =>
              send({ type: 'survey.close', request: { key: current!.key, body: { status: 'closed', version: current!.version } } })
            }
          >
            {t('console.surveys.close')}
          </button>
        ) : null}
        <button type="button" className="c-button c-button--quiet" onClick={onClose}>
          {t('console.common.close')}
        </button>
      </div>
    </form>
  );
}
