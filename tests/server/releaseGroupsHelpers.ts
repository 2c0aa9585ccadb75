import type { FastifyInstance } from 'fastify';
import { LANGUAGES } from '../../core/languages.js';
import type { DB } from '../../server/db/index.js';
import { S, T } from './fixtureIds.js';
import { api } from './consoleHelpers.js';
import { page, upload } from './consoleCatalogHelpers.js';

/** The Thai title the tests add to the Blade series (the fixtures have English and Spanish). */
export const BLADE_TH = 190;

export async function addThaiTitle(db: DB, now: number): Promise<void> {
  const th = LANGUAGES.find((l) => l.short === 'th')!;
  await db
    .insertInto('titles')
    .values({
      id: BLADE_TH,
      series_id: S.blade,
      language: Number(th.language),
      name: 'Blade ไทย',
      author: 'A',
      overview: '',
      portrait_image_url: '',
      landscape_image_url: '',
      title_image_url: '',
      background_image_url: '',
      favorite_image_url: '',
      view_count: 0,
      update_status: 0,
      viewing_period_description: '',
      non_appearance_info: '',
      is_new: 0,
      created_at: now,
    })
    .execute();
}

/** A draft chapter of the title, with `pages` pages processed (0: none). */
export async function draft(app: FastifyInstance, cookie: string, titleId: number, name: string, pages: number): Promise<number> {
  const ch = await api(app, 'POST', '/chapters', { cookie, body: { titleId, name, subTitle: '' } });
  const id = ch.json.id as number;
  if (!pages) return id;
  const ups = [];
  for (let i = 0; i < pages; i++) ups.push(await upload(app, cookie, id, `${i}.png`, await page(300, 420, 40 + i * 30)));
  await api(app, 'POST', `/chapters/${id}/process`, { cookie, body: { uploads: ups, version: 0 } });
  await app.catalog.jobs.idle();
  return id;
}

/** Three drafts of one chapter: English and Spanish with pages, Thai with `thaiPages`. */
export async function threeEditions(app: FastifyInstance, cookie: string, name: string, thaiPages = 0) {
  return {
    en: await draft(app, cookie, T.bladeEn, `${name} EN`, 1),
    es: await draft(app, cookie, T.bladeEs, `${name} ES`, 1),
    th: await draft(app, cookie, BLADE_TH, `${name} TH`, thaiPages),
  };
}

export const readerRow = (db: DB, id: number) =>
  db.selectFrom('chapters').select(['id', 'start_ts', 'notified_at']).where('id', '=', id).executeTakeFirst();
