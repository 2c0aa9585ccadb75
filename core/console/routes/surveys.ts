import { VersionQuery } from '../schemas/home.js';
import { ExportQuery } from '../schemas/voice.js';
import {
  AnswersQuery,
  KeyParams,
  NewSurvey,
  ResultsQuery,
  Survey,
  SurveyAnswers,
  SurveyPatch,
  SurveyResults,
  Surveys,
} from '../schemas/surveys.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/** Surveys are written by editors; read, with their results, by editors, moderators and analysts. */
const EDITOR: readonly Role[] = ['editor'];
const SURVEY_READ: readonly Role[] = ['editor', 'moderator', 'analyst'];
/** The answers themselves (readers' own words): moderators and analysts. */
const ANSWERS: readonly Role[] = ['moderator', 'analyst'];

/** Surveys: the builder, the results, the answers and their export. */
export const SURVEY_ROUTES = {
  'GET /surveys': { access: SURVEY_READ, summary: 'Every survey', response: Surveys },
  'POST /surveys': { access: EDITOR, summary: 'Makes a survey (a draft)', body: NewSurvey, status: 201, response: Survey },
  'GET /surveys/:key': { access: SURVEY_READ, summary: 'One survey', params: KeyParams, response: Survey },
  'PATCH /surveys/:key': {
    access: EDITOR,
    summary: 'Changes a survey, or opens or closes it (at the version read)',
    params: KeyParams,
    body: SurveyPatch,
    response: Survey,
  },
  'DELETE /surveys/:key': {
    access: EDITOR,
    summary: 'Deletes a survey (at the version read)',
    params: KeyParams,
    query: VersionQuery,
    status: 204,
  },
  'GET /surveys/:key/results': {
    access: SURVEY_READ,
    summary: "A survey's results: counts per choice, the free-form answers, skips",
    params: KeyParams,
    query: ResultsQuery,
    response: SurveyResults,
  },
  'GET /surveys/:key/answers': {
    access: ANSWERS,
    summary: "A survey's answers, newest first, a page at a time",
    params: KeyParams,
    query: AnswersQuery,
    response: SurveyAnswers,
  },
  'GET /surveys/:key/answers/export': {
    access: ANSWERS,
    summary: "A survey's answers as a CSV or JSON-lines file",
    params: KeyParams,
    query: ExportQuery,
  },
} as const satisfies Record<string, RouteSpec>;
