import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { QuestionnaireTable } from '../../db/schemaPromo.js';
import { nextId } from './ids.js';

export type QuestionnaireRow = Selectable<QuestionnaireTable>;
/** What a survey's languages share: its status, period and version. */
export type SurveyMeta = Pick<QuestionnaireRow, 'status' | 'start_ts' | 'end_ts' | 'version'>;
/** One reader's answers: their language (service code), the answers (JSON), when. */
export interface AnswerRow {
  lang: string;
  answers: string;
  created_at: number;
}

/**
 * The console's every query of the surveys (`questionnaires`, one row per
 * language under a key) and their answers (`questionnaire_answers`): a
 * table's console reads and writes in one repository here; the reader's
 * survey host keeps its own (server/repos/feedback.ts).
 */
export function surveysRepo(db: DB) {
  return {
    /** Every survey's rows (or one key's), by key and language. */
    rows(key?: string): Promise<QuestionnaireRow[]> {
      let q = db.selectFrom('questionnaires').selectAll();
      if (key !== undefined) q = q.where('key', '=', key);
      return q.orderBy('key').orderBy('lang').execute();
    },

    async taken(key: string): Promise<boolean> {
      return (await db.selectFrom('questionnaires').select('id').where('key', '=', key).executeTakeFirst()) !== undefined;
    },

    /** One language's questionnaire, under a new id. */
    async add(q: Omit<Insertable<QuestionnaireTable>, 'id'>): Promise<void> {
      const id = await nextId(db, 'questionnaires');
      await db
        .insertInto('questionnaires')
        .values({ id, ...q })
        .execute();
    },

    /** Every language of a key. */
    async remove(key: string): Promise<void> {
      await db.deleteFrom('questionnaires').where('key', '=', key).execute();
    },

    /** The status, period and version of every language of a key. */
    async setMeta(key: string, meta: SurveyMeta): Promise<void> {
      await db.updateTable('questionnaires').set(meta).where('key', '=', key).execute();
    },

    /** How many readers answered each of these keys (a key no one answered is absent). */
    async answerCounts(keys: string[]): Promise<Map<string, number>> {
      if (!keys.length) return new Map();
      const rows = await db
        .selectFrom('questionnaire_answers')
        .select(['questionnaire_key', (eb) => eb.fn.countAll<number>().as('n')])
        .where('questionnaire_key', 'in', keys)
        .groupBy('questionnaire_key')
        .execute();
      return new Map(rows.map((r) => [r.questionnaire_key, Number(r.n)]));
    },

    /** A key's answers, newest first (in one language: its service code; a page: limit and offset). */
    answers(key: string, o: { lang?: string | undefined; limit?: number; offset?: number } = {}): Promise<AnswerRow[]> {
      let q = db.selectFrom('questionnaire_answers').select(['lang', 'answers', 'created_at']).where('questionnaire_key', '=', key);
      if (o.lang) q = q.where('lang', '=', o.lang);
      q = q.orderBy('created_at', 'desc').orderBy('visitor_token');
      if (o.limit !== undefined) q = q.limit(o.limit).offset(o.offset ?? 0);
      return q.execute();
    },
  };
}
