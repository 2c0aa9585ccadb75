import { useId, useState } from 'react';
import type { Survey, SurveyText } from '../../../core/console/schemas/surveys';
import { LANGUAGES } from '../../../core/languages';
import { t, tBuilt } from '../../i18n';
import { Field, Problem } from '../../ui/ui';
import { LanguageSelect } from '../../ui/edit/LanguagePicker';
import { PeriodFields, periodInvalid } from '../../ui/edit/PeriodFields';
import { Refusal } from '../../ui/edit/Refusal';
import { SaveHeldReason, type SaveHeld } from '../../ui/edit/EditorButtons';
import { QuestionsEditor, blankText } from './QuestionsEditor';
import { SurveyPreview } from './SurveyPreview';
import { useSurveyEditor } from './useSurveyEditor';

/** The opening rules' own codes (the rest are the server's problem codes). */
const RULES: readonly string[] = ['no-question', 'no-choice', 'limit-above-choices'];

type Texts = Record<string, SurveyText>;

/** A survey's key, period and questionnaire per language, with its preview; a saved one is opened and closed here. */
export function SurveyEditor({ survey, onSaved, onClose }: { survey: Survey | null; onSaved: (s: Survey) => void; onClose: () => void }) {
  const editor = useSurveyEditor(survey, onSaved);
  const [key, setKey] = useState(survey?.key ?? '');
  const [period, setPeriod] = useState({ startAt: survey?.startAt || null, endAt: survey?.endAt ?? null });
  const [texts, setTexts] = useState<Texts>(survey?.texts ?? { en: blankText() });
  const [language, setLanguage] = useState(Object.keys(texts)[0] ?? 'en');
  const [preview, setPreview] = useState(false);
  const fields = { startAt: period.startAt ?? 0, endAt: period.endAt, texts };
  const { status } = editor;
  const locked = (survey?.answers ?? 0) > 0;
  const text = texts[language];
  const invalid = periodInvalid(period) || !period.startAt;
  const held: SaveHeld | null = locked ? 'locked' : invalid ? 'invalid' : null;
  const busy = status === 'opening' || status === 'closing';
  const heldId = useId();
  return (
    <form
      className="c-panel c-editor"
      aria-labelledby="survey-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (periodInvalid(period) || !period.startAt) return;
        editor.save(key, fields);
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
          pattern="[A-Za-z0-9_\-]+"
          maxLength={100}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          hint={t('console.surveys.keyHint')}
        />
      )}
      <PeriodFields value={period} onChange={setPeriod} quiet />
      <div className="c-row">
        <LanguageSelect value={language} onChange={setLanguage} label={t('console.surveys.language')} />
        <LanguageToggle texts={texts} language={language} locked={locked} setTexts={setTexts} />
        <label className="c-check">
          <input type="checkbox" checked={preview} onChange={(e) => setPreview(e.target.checked)} /> {t('console.surveys.preview')}
        </label>
      </div>
      {text ? <QuestionsEditor value={text} locked={locked} onChange={(v) => setTexts({ ...texts, [language]: v })} /> : null}
      {text && preview ? <SurveyPreview text={text} language={language} /> : null}
      <Refusal error={editor.refused} />
      <SurveyProblems problems={editor.problems} />
      <div className="c-row">
        <button type="submit" className="c-button" disabled={!!held || busy} aria-describedby={held ? heldId : undefined}>
          {t('console.common.save')}
        </button>
        {survey && (status === 'draft' || status === 'closed') ? (
          <button type="button" className="c-button" onClick={() => editor.open(texts, fields)}>
            {t('console.surveys.open')}
          </button>
        ) : null}
        {survey && status === 'open' ? (
          <button type="button" className="c-button" onClick={editor.close}>
            {t('console.surveys.close')}
          </button>
        ) : null}
        <button type="button" className="c-button c-button--quiet" onClick={onClose}>
          {t('console.common.close')}
        </button>
        {held ? <SaveHeldReason id={heldId} held={held} /> : null}
      </div>
    </form>
  );
}

/** The language picked: removed (when another is left and nothing is answered yet), or added when it has no questionnaire. */
function LanguageToggle({
  texts,
  language,
  locked,
  setTexts,
}: {
  texts: Texts;
  language: string;
  locked: boolean;
  setTexts: (texts: Texts) => void;
}) {
  if (!texts[language])
    return (
      <button
        type="button"
        className="c-button c-button--quiet"
        disabled={locked}
        onClick={() => setTexts({ ...texts, [language]: blankText() })}
      >
        {t('console.surveys.addLanguage', { language: LANGUAGES.find((l) => l.short === language)?.native ?? language })}
      </button>
    );
  if (Object.keys(texts).length <= 1 || locked) return null;
  return (
    <button
      type="button"
      className="c-button c-button--quiet"
      onClick={() => setTexts(Object.fromEntries(Object.entries(texts).filter(([l]) => l !== language)))}
    >
      {t('console.surveys.removeLanguage')}
    </button>
  );
}

/** Why the survey would not open: the opening rules' own words, or the server's problem. */
function SurveyProblems({ problems }: { problems: readonly string[] }) {
  return problems.map((p) =>
    RULES.includes(p) ? (
      <p key={p} className="c-field__error" role="alert">
        {tBuilt(`console.surveys.problem.${p}`)}
      </p>
    ) : (
      <Problem key={p} code={p} />
    ),
  );
}
