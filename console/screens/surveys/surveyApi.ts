/**
 * The survey editor's calls (core/console/routes/surveys.ts): a survey made
 * or changed, opened or closed, each change at the version the editor read.
 */
import type { NewSurvey, Survey, SurveyPatch } from '../../../core/console/schemas/surveys';
import { call } from '../../api/call';

/** What the editor's form writes: the period and the questionnaire per language. */
export type SurveyFields = Omit<NewSurvey, 'key'>;

/** A change to a saved survey (its fields, its status or both), at the version read. */
export const patchSurvey = (key: string, body: SurveyPatch) => call('PATCH /surveys/:key', { params: { key }, body });

/** The form saved: a new survey made under `key`, or the saved one changed. */
export const saveSurvey = (current: Survey | null, key: string, fields: SurveyFields) =>
  current ? patchSurvey(current.key, { ...fields, version: current.version }) : call('POST /surveys', { body: { key, ...fields } });
