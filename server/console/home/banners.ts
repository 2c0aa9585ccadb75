import type { Banner, BannerPatch, BannerQuery, Lang, NewBanner, Placement } from '../../../core/console/schemas/home.js';
import { byShort, languageOrDefault } from '../../../core/languages.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { BannerColumns } from '../../repos/console/banners.js';
import { targets, type BannerRow } from '../../repos/promo.js';
import { BANNER_SIZES, bannerUrl } from '../../images/assets.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, expectOne } from '../write.js';
import { problems } from '../problems.js';
import { checkActionUrl, methodName, methodNumber } from './action.js';
import { checkPeriod, endAtOf, endOf, json, phaseOf } from './common.js';
import type { ArtStore } from './images.js';

/** A row's target languages as short codes (a demo row names one in `language`; -1 and [] = every language). */
export function languagesOf(r: { languages: string; language: number }): Lang[] {
  const list = json<Lang[]>(r.languages, []);
  return list.length || r.language < 0 ? list : [languageOrDefault(r.language).short];
}

/** Banners of every placement: rows of the `banners` table the reader's services read. */

function bannerOf(r: BannerRow, now: number): Banner {
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
function columns(b: Partial<NewBanner>): BannerColumns {
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
async function validate(ctx: ConsoleCtx, b: NewBanner, now: number): Promise<void> {
  checkPeriod(b.startAt, b.endAt);
  // What it points at must be out when it starts: one that goes out with its chapter (starting at or after its release) may.
  now = Math.max(now, b.startAt);
  await checkActionUrl(ctx.db, b.action.url, now);
  if (b.titleId && !(await ctx.repos.published.title(b.titleId, now)))
    throw problems.validation([{ path: '/titleId', message: `title ${b.titleId} is not released` }], 'The title is not released.');
}

async function rowOf(repos: ConsoleRepos, id: number): Promise<BannerRow> {
  const row = await repos.banners.byId(id);
  if (!row) throw problems.notFound('No such banner.');
  return row;
}

/** Every banner (or a placement's), by placement and order; in a language: those that target it. */
export async function listBanners(ctx: ConsoleCtx, q: BannerQuery): Promise<Banner[]> {
  const rows = await ctx.repos.banners.list(q.placement);
  const lang = q.language ? byShort(q.language) : undefined;
  const now = ctx.clock.nowSec();
  return rows.filter((r) => !lang || targets(r, lang.language)).map((r) => bannerOf(r, now));
}

export const getBanner = async (ctx: ConsoleCtx, id: number): Promise<Banner> => bannerOf(await rowOf(ctx.repos, id), ctx.clock.nowSec());

export async function createBanner(ctx: ConsoleCtx, actor: Actor, b: NewBanner): Promise<Banner> {
  await validate(ctx, b, ctx.clock.nowSec());
  const size = BANNER_SIZES[b.placement];
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    const id = await repos.banners.add(
      {
        placement: b.placement,
        title_id: b.titleId,
        publisher_id: b.publisherId,
        language: -1,
        languages: JSON.stringify(b.languages),
        width: size.width,
        height: size.height,
        action_method: methodNumber(b.action.method),
        action_url: b.action.url,
        is_pr: b.isPr ? 1 : 0,
        start_ts: b.startAt,
        end_ts: endOf(b.endAt),
        status: b.status,
      },
      bannerUrl,
    );
    const after = bannerOf(await rowOf(repos, id), now);
    await audit({ action: 'banner.create', target: `banner:${id}`, after });
    return after;
  });
}

/** A versioned change of one banner's row, audited as `action`. */
async function changeBanner(
  ctx: ConsoleCtx,
  actor: Actor,
  id: number,
  version: number,
  action: string,
  set: BannerColumns,
): Promise<Banner> {
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    const before = bannerOf(await rowOf(repos, id), now);
    expectOne(await repos.banners.update(id, version, set));
    const after = bannerOf(await rowOf(repos, id), now);
    await audit({ action, target: `banner:${id}`, before, after });
    return after;
  });
}

export async function patchBanner(ctx: ConsoleCtx, actor: Actor, id: number, p: BannerPatch): Promise<Banner> {
  const { version, ...fields } = p;
  const current = bannerOf(await rowOf(ctx.repos, id), ctx.clock.nowSec());
  const merged: NewBanner = { ...current, ...fields };
  await validate(ctx, merged, ctx.clock.nowSec());
  const set = columns(fields);
  if (fields.placement && fields.placement !== current.placement) {
    const size = BANNER_SIZES[fields.placement];
    Object.assign(set, { width: size.width, height: size.height });
  }
  return changeBanner(ctx, actor, id, version, 'banner.update', set);
}

/** An uploaded image, stored at the placement's size: the banner's default image, or a language's. */
export async function setBannerImage(
  ctx: ConsoleCtx,
  actor: Actor,
  store: ArtStore,
  id: number,
  data: unknown,
  language?: Lang,
): Promise<Banner> {
  const row = await rowOf(ctx.repos, id);
  const url = await store(row.id, data, BANNER_SIZES[row.placement] ?? { width: row.width, height: row.height });
  const set = language
    ? { images: JSON.stringify({ ...json<Record<string, string>>(row.images, {}), [language]: url }) }
    : { image_url: url };
  return changeBanner(ctx, actor, row.id, Number(row.version), 'banner.image', set);
}

export async function deleteBanner(ctx: ConsoleCtx, actor: Actor, id: number, version: number): Promise<void> {
  await audited(ctx, actor, async ({ repos, now, audit }) => {
    const before = bannerOf(await rowOf(repos, id), now);
    expectOne(await repos.banners.remove(id, version));
    await audit({ action: 'banner.delete', target: `banner:${id}`, before });
  });
}

/** A placement's banners in a new order: every one of them, each once. */
export async function orderBanners(ctx: ConsoleCtx, actor: Actor, placement: Placement, ids: number[]): Promise<Banner[]> {
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    const rows = await repos.banners.inPlacement(placement);
    const have = new Set(rows.map((r) => r.id));
    if (ids.length !== have.size || ids.some((id) => !have.has(id)))
      throw problems.validation([{ path: '/ids', message: `must list every banner of ${placement} once` }], 'The order is not complete.');
    for (const [sort, id] of ids.entries()) await repos.banners.setSort(id, sort);
    await audit({ action: 'banner.reorder', target: `placement:${placement}`, before: rows.map((r) => r.id), after: ids });
    return (await repos.banners.inPlacement(placement)).map((r) => bannerOf(r, now));
  });
}
