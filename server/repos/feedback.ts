import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import type { TapLog } from '../lib/taplog.js';
import type { StatsRecorder } from '../stats/rollup.js';

/** Tap logs, contact messages and survey answers: what visitors send us. */
export function feedbackRepo(db: DB, clock: ServerClock, stats: StatsRecorder) {
  const open = (key: string) => {
    const now = clock.nowSec();
    return db
      .selectFrom('questionnaires')
      .selectAll()
      .where('key', '=', key)
      .where('status', '=', 'open')
      .where('start_ts', '<=', now)
      .where((eb) => eb.or([eb('end_ts', '=', 0), eb('end_ts', '>', now)]));
  };
  // Where a banner or popup is shown, for a tap log that does not say (the console's statistics list taps per place).
  const placementOf = async (kind: TapLog['kind'], id: number): Promise<string> => {
    if (kind === 'title_banner') return '';
    const table = kind === 'popup' ? 'popups' : 'banners';
    const row = await db.selectFrom(table).select('placement').where('id', '=', id).executeTakeFirst();
    return row?.placement ?? '';
  };
  return {
    async tap(visitor: string, log: TapLog): Promise<void> {
      await db
        .insertInto('tap_logs')
        .values({
          kind: log.kind,
          banner_id: log.banner_id ?? 0,
          title_id: log.title_id ?? 0,
          popup_id: log.popup_id ?? 0,
          banner_type: log.banner_type ?? '',
          location: log.location ?? '',
          type: log.type ?? '',
          visitor_token: visitor,
          created_at: clock.nowSec(),
        })
        .execute();
      // Banner and popup impressions and taps, per item and place.
      const id = log.kind === 'popup' ? (log.popup_id ?? 0) : (log.banner_id ?? 0);
      // The reader's banner and popup tap logs carry no type: each one is a tap (only the title banner's log says
      // click or impression); without this the console's banner and popup taps stayed at zero.
      const type = log.type || (log.kind === 'title_banner' ? '' : 'click');
      const metric = type === 'impression' ? 'promo.imp' : type === 'click' ? 'promo.tap' : '';
      if (metric && id) stats.add(metric, id, `${log.kind}|${log.location || (await placementOf(log.kind, id))}`);
    },

    async contact(visitor: string, c: { type: string; subject: string; body: string }): Promise<number> {
      const now = clock.nowSec();
      await db
        .insertInto('contacts')
        .values({ visitor_token: visitor, ...c, created_at: now })
        .execute();
      return now;
    },

    /** A survey readers may see: open and within its period (drafts and closed ones are nobody's). */
    questionnaire(key: string, lang: string) {
      return open(key).where('lang', '=', lang).executeTakeFirst();
    },

    /** Any language version of the survey (English first), when the asked one is missing. */
    questionnaireAnyLang(key: string) {
      return open(key)
        .orderBy((eb) => eb.case().when('lang', '=', 'eng').then(0).else(1).end())
        .orderBy('lang')
        .executeTakeFirst();
    },

    async answered(visitor: string, key: string): Promise<boolean> {
      const r = await db
        .selectFrom('questionnaire_answers')
        .select('visitor_token')
        .where('visitor_token', '=', visitor)
        .where('questionnaire_key', '=', key)
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Stores the answers; false when this visitor had already answered. */
    async answer(
      visitor: string,
      a: { key: string; lang: string; answers: string; os: string; os_ver: string; app_ver: string; secret: string },
    ): Promise<boolean> {
      const res = await db
        .insertInto('questionnaire_answers')
        .values({
          visitor_token: visitor,
          questionnaire_key: a.key,
          lang: a.lang,
          answers: a.answers,
          os: a.os,
          os_ver: a.os_ver,
          app_ver: a.app_ver,
          secret: a.secret,
          created_at: clock.nowSec(),
        })
        .onConflict((oc) => oc.columns(['visitor_token', 'questionnaire_key']).doNothing())
        .executeTakeFirst();
      const stored = Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
      if (stored) stats.add('survey', 0, a.key);
      return stored;
    },
  };
}
