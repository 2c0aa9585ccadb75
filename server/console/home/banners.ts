import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Banner, BannerPatch, Lang, NewBanner, Placement } from '../../../core/console/schemas/home.js';
import { languageOrDefault } from '../../../core/languages.js';
import type { DB } from '../../db/index.js';
import type { BannerRow } from '../../repos/promo.js';
import { BANNER_SIZES, bannerUrl } from '../../images/assets.js';
import { audit } from '../audit.js';
import { problems } from '../problems.js';
import { checkActionUrl, methodName, methodNumber } from './action.js';
import { checkPeriod, endAtOf, endOf, expectOne, json, nextId, phaseOf, tellNodes } from './common.js';
import { published } from './published.js';

/** A row's target languages as short codes (a demo row names one in `language`; -1 and [] = every language). */
export function languagesOf(r: { languages: string; language: number }): Lang[] {
  const list = json<Lang[]>(r.languages, []);
  return list.length || r.language < 0 ? list : [languageOrDefault(r.language).short];
}

/** Banners of every placement (issue 32): rows of the `banners` table the reader's services read. */

export function bannerOf(r: BannerRow, now: number): Banner {
  return {
    id: r.id,
    placement: r.placement as Placement,
    titleId: r.title_id,
    publisherId: r.publisher_id,
    languages: languagesOf(r),
    action: { method: methodName(r.action_method), url: r.action_url },
    isPr: r.is_pr === 1,
    startAt: Number(r.start_ts),
    endAt: endAtOf(r.end_ts),
    status: r.status === 'draft' ? 'draft' : 'published',
    image: r.image_url,
    images: json<Record<string, string>>(r.images, {}),
    width: r.width,
    height: r.height,
    sort: r.sort,
    phase: phaseOf(r.status, Number(r.start_ts), Number(r.end_ts), now),
    version: Number(r.version),
  };
}

/** The columns a banner's editable fields are stored in. */
function columns(b: Partial<NewBanner>) {
  return {
    ...(b.placement !== undefined ? { placement: b.placement } : {}),
    ...(b.titleId !== undefined ? { title_id: b.titleId } : {}),
    ...(b.publisherId !== undefined ? { publisher_id: b.publisherId } : {}),
    // The one-language column says "every language" (-1): `languages` is the rule now.
    ...(b.languages !== undefined ? { languages: JSON.stringify(b.languages), language: -1 } : {}),
    ...(b.action !== undefined ? { action_method: methodNumber(b.action.method), action_url: b.action.url } : {}),
    ...(b.isPr !== undefined ? { is_pr: b.isPr ? 1 : 0 } : {}),
    ...(b.startAt !== undefined ? { start_ts: b.startAt } : {}),
    ...(b.endAt !== undefined ? { end_ts: endOf(b.endAt) } : {}),
    ...(b.status !== undefined ? { status: b.status } : {}),
  };
}

/** Refuses what the reader could not show: a bad period, an action it cannot open, a title not released. */
async function validate(db: DB, b: NewBanner, now: number): Promise<void> {
  checkPeriod(b.startAt, b.endAt);
  // What it points at must be out when it starts: one that goes out with its chapter (starting at or after its release) may.
  now = Math.max(now, b.startAt);
  await checkActionUrl(db, b.action.url, now);
  if (b.titleId && !(await published.title(db, b.titleId, now)))
    throw problems.validation([{ path: '/titleId', message: `title ${b.titleId} is not released` }], 'The title is not released.');
}

const byId = (db: DB, id: number) => db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();

export async function getBanner(db: DB, id: number): Promise<BannerRow> {
  const row = await byId(db, id);
  if (!row) throw problems.notFound('No such banner.');
  return row;
}

export async function createBanner(app: FastifyInstance, req: FastifyRequest, b: NewBanner): Promise<Banner> {
  const now = app.clock.nowSec();
  await validate(app.db, b, now);
  const size = BANNER_SIZES[b.placement];
  const out = await app.db.transaction().execute(async (trx) => {
    const id = await nextId(trx, 'banners');
    const last = await trx
      .selectFrom('banners')
      .select((eb) => eb.fn.max('sort').as('s'))
      .where('placement', '=', b.placement)
      .executeTakeFirst();
    await trx
      .insertInto('banners')
      .values({
        id,
        placement: b.placement,
        title_id: b.titleId,
        publisher_id: b.publisherId,
        language: -1,
        languages: JSON.stringify(b.languages),
        image_url: bannerUrl(id),
        width: size.width,
        height: size.height,
        action_method: methodNumber(b.action.method),
        action_url: b.action.url,
        is_pr: b.isPr ? 1 : 0,
        start_ts: b.startAt,
        end_ts: endOf(b.endAt),
        status: b.status,
        sort: Number(last?.s ?? -1) + 1,
      })
      .execute();
    const after = bannerOf(await getBanner(trx, id), now);
    await audit(trx, req, now, { action: 'banner.create', target: `banner:${id}`, after });
    return after;
  });
  tellNodes(app);
  return out;
}

/** A versioned change of one banner's row, audited as `action`. */
export async function changeBanner(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  version: number,
  action: string,
  set: Record<string, string | number>,
): Promise<Banner> {
  const now = app.clock.nowSec();
  const out = await app.db.transaction().execute(async (trx) => {
    const before = bannerOf(await getBanner(trx, id), now);
    const r = await trx
      .updateTable('banners')
      .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    expectOne(r);
    const after = bannerOf(await getBanner(trx, id), now);
    await audit(trx, req, now, { action, target: `banner:${id}`, before, after });
    return after;
  });
  tellNodes(app);
  return out;
}

export async function patchBanner(app: FastifyInstance, req: FastifyRequest, id: number, p: BannerPatch): Promise<Banner> {
  const { version, ...fields } = p;
  const current = bannerOf(await getBanner(app.db, id), app.clock.nowSec());
  const merged: NewBanner = { ...current, ...fields };
  await validate(app.db, merged, app.clock.nowSec());
  const set: Record<string, string | number> = columns(fields);
  if (fields.placement && fields.placement !== current.placement) {
    const size = BANNER_SIZES[fields.placement];
    Object.assign(set, { width: size.width, height: size.height });
  }
  return changeBanner(app, req, id, version, 'banner.update', set);
}

export async function deleteBanner(app: FastifyInstance, req: FastifyRequest, id: number, version: number): Promise<void> {
  const now = app.clock.nowSec();
  await app.db.transaction().execute(async (trx) => {
    const before = bannerOf(await getBanner(trx, id), now);
    expectOne(await trx.deleteFrom('banners').where('id', '=', id).where('version', '=', version).executeTakeFirst());
    await audit(trx, req, now, { action: 'banner.delete', target: `banner:${id}`, before });
  });
  tellNodes(app);
}

/** A placement's banners in a new order: every one of them, each once. */
export async function orderBanners(app: FastifyInstance, req: FastifyRequest, placement: Placement, ids: number[]): Promise<Banner[]> {
  const now = app.clock.nowSec();
  const out = await app.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('banners')
      .select(['id', 'sort'])
      .where('placement', '=', placement)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const have = new Set(rows.map((r) => r.id));
    if (ids.length !== have.size || ids.some((id) => !have.has(id)))
      throw problems.validation([{ path: '/ids', message: `must list every banner of ${placement} once` }], 'The order is not complete.');
    for (const [sort, id] of ids.entries()) await trx.updateTable('banners').set({ sort }).where('id', '=', id).execute();
    await audit(trx, req, now, { action: 'banner.reorder', target: `placement:${placement}`, before: rows.map((r) => r.id), after: ids });
    const list = await trx.selectFrom('banners').selectAll().where('placement', '=', placement).orderBy('sort').orderBy('id').execute();
    return list.map((r) => bannerOf(r, now));
  });
  tellNodes(app);
  return out;
}
