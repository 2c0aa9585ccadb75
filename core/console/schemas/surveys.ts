import { Type, type Static } from '@sinclair/typebox';
import { Seconds } from './common.js';
import { Lang, PerLang, Text, Until, Version } from './home.js';

/**
 * Surveys: the questionnaire per language as the reader's survey screen shows it,
 * its status and period, and what the console reads back (results, answers, exports).
 */
/** A question as the reader's survey screen shows it. */
export const Question = Type.Object({
  description: Type.String({ minLength: 1, maxLength: 500 }),
  canSkip: Type.Boolean(),
  /** How many choices may be picked: 1 = single choice; never above the number of choices (+1 with "other"). */
  numberOfChoices: Type.Integer({ minimum: 1, maximum: 20 }),
  selection: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 }),
  /** true: no free-form "other" answer. */
  hideFreeform: Type.Boolean(),
  /** The "other" answer's label. */
  freeForm: Text(200),
});
export type Question = Static<typeof Question>;
export const SurveyText = Type.Object({
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  /** At least one question (else 400). */
  questions: Type.Array(Question, { maxItems: 50 }),
  answeredSubject: Text(200),
  answeredBody: Text(2000),
});
export type SurveyText = Static<typeof SurveyText>;
/** draft → open → closed; only an open survey within its period is shown to readers. */
export const SurveyStatus = Type.Union([Type.Literal('draft'), Type.Literal('open'), Type.Literal('closed')]);
export type SurveyStatus = Static<typeof SurveyStatus>;
const SurveyKey = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
export const Survey = Type.Object({
  key: SurveyKey,
  status: SurveyStatus,
  startAt: Seconds,
  endAt: Until,
  /** The questionnaire per language (the reader falls back to English, then any). */
  texts: PerLang(SurveyText),
  answers: Type.Integer(),
  version: Version,
});
export type Survey = Static<typeof Survey>;
export const Surveys = Type.Object({ surveys: Type.Array(Survey) });
export const KeyParams = Type.Object({ key: SurveyKey });
export const NewSurvey = Type.Object({ key: SurveyKey, startAt: Seconds, endAt: Until, texts: PerLang(SurveyText) });
export type NewSurvey = Static<typeof NewSurvey>;
/** status moves draft→open, open→closed, closed→open; a survey with answers keeps its questions. */
export const SurveyPatch = Type.Object({
  status: Type.Optional(SurveyStatus),
  startAt: Type.Optional(Seconds),
  endAt: Type.Optional(Until),
  texts: Type.Optional(PerLang(SurveyText)),
  version: Version,
});
export type SurveyPatch = Static<typeof SurveyPatch>;
export const ResultsQuery = Type.Object({ language: Type.Optional(Lang) });
export const SurveyResults = Type.Object({
  total: Type.Integer(),
  questions: Type.Array(
    Type.Object({
      description: Type.String(),
      choices: Type.Array(Type.Object({ label: Type.String(), count: Type.Integer() })),
      other: Type.Object({ count: Type.Integer(), answers: Type.Array(Type.String()) }),
      skipped: Type.Integer(),
    }),
  ),
});
export type SurveyResults = Static<typeof SurveyResults>;
export const AnswersQuery = Type.Object({ before: Type.Optional(Type.String({ maxLength: 100 })), language: Type.Optional(Lang) });
export const SurveyAnswers = Type.Object({
  answers: Type.Array(
    Type.Object({
      at: Seconds,
      language: Type.String(),
      answers: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
    }),
  ),
  next: Type.Union([Type.String(), Type.Null()]),
});
