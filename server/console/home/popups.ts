import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NewPopup, Popup, PopupPatch } from '../../../core/console/schemas/home.js';
import type { DB } from '../../db/index.js';
import type { PopupRow } from '../../repos/promo.js';
import { popupImageUrl } from '../../images/assets.js';
import { audit } from '../audit.js';
import { problems } from '../problems.js';
import { checkActionUrl, methodName, methodNumber } from './action.js';
import { languagesOf } from './banners.js';
import { checkPeriod, endAtOf, endOf, expectOne, nextId, phaseOf, tellNodes } from './common.js';
import { published } from './published.js';

/**
 * Popups (issue 32): the home's popup and the titles' age notices. The id
 * is what the reader stores for "don't show again", so an edit keeps it.
 */
export function popupOf(r: PopupRow, now: number): Popup {
  return {
    id: r.id,
    placement: r.placement === 'rating' ? 'rating' : 'home',
    kind: r.kind === 'one_image' ? 'one_image' : 'app_default',
    languages: languagesOf(r),
    subject: r.subject,
    body: r.body,
    action: { method: methodName(r.action_method), url: r.action_url },
    seriesId: r.series_id,
    startAt: Number(r.start_ts),
    endAt: endAtOf(r.end_ts),
    status: r.status === 'draft' ? 'draft' : 'published',
    image: r.image_url,
    phase: phaseOf(r.status, Number(r.start_ts), Number(r.end_ts), now),
    version: Number(r.version),
  };
}

function columns(p: Partial<NewPopup>) {
  return {
    ...(p.placement !== undefined ? { placement: p.placement } : {}),
    ...(p.kind !== undefined ? { kind: p.kind } : {}),
    ...(p.languages !== undefined ? { languages: JSON.stringify(p.languages), language: -1 } : {}),
    ...(p.subject !== undefined ? { subject: p.subject } : {}),
    ...(p.body !== undefined ? { body: p.body } : {}),
    ...(p.action !== undefined ? { action_method: methodNumber(p.action.method), action_url: p.action.url } : {}),
    ...(p.seriesId !== undefined ? { series_id: p.seriesId } : {}),
    ...(p.startAt !== undefined ? { start_ts: p.startAt } : {}),
    ...(p.endAt !== undefined ? { end_ts: endOf(p.endAt) } : {}),
    ...(p.status !== undefined ? { status: p.status } : {}),
  };
}

async function validate(db: DB, p: NewPopup, now: number): Promise<void> {
  checkPeriod(p.startAt, p.endAt);
  // What it points at must be out when it starts: one that goes out with its chapter (starting at or after its release) may.
  now = Math.max(now, p.startAt);
  await checkActionUrl(db, p.action.url, now);
  if (p.kind === 'app_default' && !p.subject.trim())
    throw problems.validation([{ path: '/subject', message: 'is needed for the app-default kind' }], 'The popup needs a subject.');
  if (p.seriesId && !(await published.series(db, [p.seriesId], now)).has(p.seriesId))
    throw problems.validation([{ path: '/seriesId', message: `series ${p.seriesId} is not released` }], 'The series is not released.');
}

export async function getPopup(db: DB, id: number): Promise<PopupRow> {
  const row = await db.selectFrom('popups').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw problems.notFound('No such popup.');
  return row;
}

export async function createPopup(app: FastifyInstance, req: FastifyRequest, p: NewPopup): Promise<Popup> {
  const now = app.clock.nowSec();
  await validate(app.db, p, now);
  const out = await app.db.transaction().execute(async (trx) => {
    const id = await nextId(trx, 'popups');
    await trx
      .insertInto('popups')
      .values({
        id,
        placement: p.placement,
        kind: p.kind,
        language: -1,
        languages: JSON.stringify(p.languages),
        subject: p.subject,
        body: p.body,
        image_url: p.kind === 'one_image' ? popupImageUrl(id) : '',
        action_method: methodNumber(p.action.method),
        action_url: p.action.url,
        series_id: p.seriesId,
        start_ts: p.startAt,
        end_ts: endOf(p.endAt),
        status: p.status,
      })
      .execute();
    const after = popupOf(await getPopup(trx, id), now);
    await audit(trx, req, now, { action: 'popup.create', target: `popup:${id}`, after });
    return after;
  });
  tellNodes(app);
  return out;
}

export async function changePopup(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  version: number,
  action: string,
  set: Record<string, string | number>,
): Promise<Popup> {
  const now = app.clock.nowSec();
  const out = await app.db.transaction().execute(async (trx) => {
    const before = popupOf(await getPopup(trx, id), now);
    expectOne(
      await trx
        .updateTable('popups')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst(),
    );
    const after = popupOf(await getPopup(trx, id), now);
    await audit(trx, req, now, { action, target: `popup:${id}`, before, after });
    return after;
  });
  tellNodes(app);
  return out;
}

export async function patchPopup(app: FastifyInstance, req: FastifyRequest, id: number, p: PopupPatch): Promise<Popup> {
  const { version, ...fields } = p;
  const now = app.clock.nowSec();
  const current = popupOf(await getPopup(app.db, id), now);
  await validate(app.db, { ...current, ...fields }, now);
  const set: Record<string, string | number> = columns(fields);
  if (fields.kind === 'one_image' && !current.image) set.image_url = popupImageUrl(id);
  return changePopup(app, req, id, version, 'popup.update', set);
}

export async function deletePopup(app: FastifyInstance, req: FastifyRequest, id: number, version: number): Promise<void> {
  const now = app.clock.nowSec();
  await app.db.transaction().execute(async (trx) => {
    const before = popupOf(await getPopup(trx, id), now);
    expectOne(await trx.deleteFrom('popups').where('id', '=', id).where('version', '=', version).executeTakeFirst());
    await audit(trx, req, now, { action: 'popup.delete', target: `popup:${id}`, before });
  });
  tellNodes(app);
}
