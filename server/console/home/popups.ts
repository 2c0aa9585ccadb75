import type { NewPopup, Popup, PopupPatch } from '../../../core/console/schemas/home.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { PopupColumns } from '../../repos/console/popups.js';
import type { PopupRow } from '../../repos/promo.js';
import { POPUP_IMAGE_SIZE, popupImageUrl } from '../../images/assets.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, expectOne } from '../write.js';
import { problems } from '../problems.js';
import { checkActionUrl, methodName, methodNumber } from './action.js';
import { languagesOf } from './banners.js';
import { checkPeriod, endAtOf, endOf, phaseOf } from './common.js';
import type { ArtStore } from './images.js';

/**
 * Popups: the home's popup and the titles' age notices. The id
 * is what the reader stores for "don't show again", so an edit keeps it.
 */
function popupOf(r: PopupRow, now: number): Popup {
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

function columns(p: Partial<NewPopup>): PopupColumns {
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

async function validate(ctx: ConsoleCtx, p: NewPopup, now: number): Promise<void> {
  checkPeriod(p.startAt, p.endAt);
  // What it points at must be out when it starts: one that goes out with its chapter (starting at or after its release) may.
  now = Math.max(now, p.startAt);
  await checkActionUrl(ctx.db, p.action.url, now);
  if (p.kind === 'app_default' && !p.subject.trim())
    throw problems.validation([{ path: '/subject', message: 'is needed for the app-default kind' }], 'The popup needs a subject.');
  if (p.seriesId && !(await ctx.repos.published.series([p.seriesId], now)).has(p.seriesId))
    throw problems.validation([{ path: '/seriesId', message: `series ${p.seriesId} is not released` }], 'The series is not released.');
}

async function rowOf(repos: ConsoleRepos, id: number): Promise<PopupRow> {
  const row = await repos.popups.byId(id);
  if (!row) throw problems.notFound('No such popup.');
  return row;
}

/** Every popup, by placement, newest first. */
export async function listPopups(ctx: ConsoleCtx): Promise<Popup[]> {
  const rows = await ctx.repos.popups.list();
  const now = ctx.clock.nowSec();
  return rows.map((r) => popupOf(r, now));
}

export async function createPopup(ctx: ConsoleCtx, actor: Actor, p: NewPopup): Promise<Popup> {
  await validate(ctx, p, ctx.clock.nowSec());
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    const id = await repos.popups.add(
      {
        placement: p.placement,
        kind: p.kind,
        language: -1,
        languages: JSON.stringify(p.languages),
        subject: p.subject,
        body: p.body,
        action_method: methodNumber(p.action.method),
        action_url: p.action.url,
        series_id: p.seriesId,
        start_ts: p.startAt,
        end_ts: endOf(p.endAt),
        status: p.status,
      },
      (id) => (p.kind === 'one_image' ? popupImageUrl(id) : ''),
    );
    const after = popupOf(await rowOf(repos, id), now);
    await audit({ action: 'popup.create', target: `popup:${id}`, after });
    return after;
  });
}

async function changePopup(ctx: ConsoleCtx, actor: Actor, id: number, version: number, action: string, set: PopupColumns): Promise<Popup> {
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    const before = popupOf(await rowOf(repos, id), now);
    expectOne(await repos.popups.update(id, version, set));
    const after = popupOf(await rowOf(repos, id), now);
    await audit({ action, target: `popup:${id}`, before, after });
    return after;
  });
}

export async function patchPopup(ctx: ConsoleCtx, actor: Actor, id: number, p: PopupPatch): Promise<Popup> {
  const { version, ...fields } = p;
  const now = ctx.clock.nowSec();
  const current = popupOf(await rowOf(ctx.repos, id), now);
  await validate(ctx, { ...current, ...fields }, now);
  const set = columns(fields);
  if (fields.kind === 'one_image' && !current.image) set.image_url = popupImageUrl(id);
  return changePopup(ctx, actor, id, version, 'popup.update', set);
}

/** A popup has one image (its languages are its targets), stored at the popups' size. */
export async function setPopupImage(ctx: ConsoleCtx, actor: Actor, store: ArtStore, id: number, data: unknown): Promise<Popup> {
  const row = await rowOf(ctx.repos, id);
  const url = await store(row.id, data, POPUP_IMAGE_SIZE);
  return changePopup(ctx, actor, row.id, Number(row.version), 'popup.image', { image_url: url });
}

export async function deletePopup(ctx: ConsoleCtx, actor: Actor, id: number, version: number): Promise<void> {
  await audited(ctx, actor, async ({ repos, now, audit }) => {
    const before = popupOf(await rowOf(repos, id), now);
    expectOne(await repos.popups.remove(id, version));
    await audit({ action: 'popup.delete', target: `popup:${id}`, before });
  });
}
