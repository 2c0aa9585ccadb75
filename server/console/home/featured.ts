import type { Featured, FeaturedBlock, FeaturedList, FeaturedListPatch, NewFeaturedList } from '../../../core/console/schemas/home.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, expectOne } from '../write.js';
import { problems } from '../problems.js';
import { json } from './common.js';

/** Featured lists (a name per language, series in order) and the featured page's blocks in order. */

async function listsOf(repos: ConsoleRepos): Promise<FeaturedList[]> {
  const [rows, items] = await Promise.all([repos.featured.lists(), repos.featured.items()]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind === 'ranked' ? 'ranked' : 'titles',
    name: r.name,
    names: json<Record<string, string>>(r.names, {}),
    seriesIds: items.filter((i) => i.list_id === r.id).map((i) => i.series_id),
    sort: r.sort,
    version: Number(r.version),
  }));
}

/** The featured page as the reader's featuredView orders it: by sort, a banner before a list of the same sort. */
async function pageOf(repos: ConsoleRepos): Promise<Featured> {
  const [lists, banners] = await Promise.all([listsOf(repos), repos.banners.inPlacement('featured')]);
  const blocks: { sort: number; order: number; block: FeaturedBlock }[] = [
    ...banners.map((b) => ({ sort: b.sort, order: 0, block: { kind: 'banner' as const, id: b.id } })),
    ...lists.map((l) => ({ sort: l.sort, order: 1, block: { kind: 'list' as const, id: l.id } })),
  ];
  blocks.sort((a, b) => a.sort - b.sort || a.order - b.order);
  return { lists, blocks: blocks.map((b) => b.block) };
}

export const featuredOf = (ctx: ConsoleCtx): Promise<Featured> => pageOf(ctx.repos);

async function checkSeries(ctx: ConsoleCtx, ids: number[], now: number): Promise<void> {
  const ok = await ctx.repos.published.series(ids, now);
  const errors = ids.flatMap((id, i) => (ok.has(id) ? [] : [{ path: `/seriesIds/${i}`, message: `series ${id} has no released title` }]));
  if (errors.length) throw problems.validation(errors, 'A list may only show released series.');
}

const one = async (repos: ConsoleRepos, id: number) => {
  const l = (await listsOf(repos)).find((x) => x.id === id);
  if (!l) throw problems.notFound('No such featured list.');
  return l;
};

export async function createList(ctx: ConsoleCtx, actor: Actor, l: NewFeaturedList): Promise<FeaturedList> {
  await checkSeries(ctx, l.seriesIds, ctx.clock.nowSec());
  return audited(ctx, actor, async ({ repos, audit }) => {
    const id = await repos.featured.add({ name: l.name, names: JSON.stringify(l.names), kind: l.kind });
    await repos.featured.setItems(id, l.seriesIds);
    const after = await one(repos, id);
    await audit({ action: 'featured.create', target: `featured:${id}`, after });
    return after;
  });
}

export async function patchList(ctx: ConsoleCtx, actor: Actor, id: number, p: FeaturedListPatch): Promise<FeaturedList> {
  if (p.seriesIds) await checkSeries(ctx, p.seriesIds, ctx.clock.nowSec());
  return audited(ctx, actor, async ({ repos, audit }) => {
    const before = await one(repos, id);
    expectOne(
      await repos.featured.update(id, p.version, {
        ...(p.name !== undefined ? { name: p.name } : {}),
        ...(p.names !== undefined ? { names: JSON.stringify(p.names) } : {}),
        ...(p.kind !== undefined ? { kind: p.kind } : {}),
      }),
    );
    if (p.seriesIds) await repos.featured.setItems(id, p.seriesIds);
    const after = await one(repos, id);
    await audit({ action: 'featured.update', target: `featured:${id}`, before, after });
    return after;
  });
}

export async function deleteList(ctx: ConsoleCtx, actor: Actor, id: number, version: number): Promise<void> {
  await audited(ctx, actor, async ({ repos, audit }) => {
    const before = await one(repos, id);
    expectOne(await repos.featured.remove(id, version));
    await repos.featured.setItems(id, []);
    await audit({ action: 'featured.delete', target: `featured:${id}`, before });
  });
}

/** The featured page in a new order: every featured banner and list exactly once. */
export async function orderBlocks(ctx: ConsoleCtx, actor: Actor, blocks: FeaturedBlock[]): Promise<Featured> {
  return audited(ctx, actor, async ({ repos, audit }) => {
    const before = await pageOf(repos);
    const key = (b: FeaturedBlock) => `${b.kind}:${b.id}`;
    const have = new Set(before.blocks.map(key));
    const given = new Set(blocks.map(key));
    if (given.size !== blocks.length || given.size !== have.size || [...given].some((k) => !have.has(k)))
      throw problems.validation(
        [{ path: '/blocks', message: 'must list every featured banner and list once' }],
        'The order is not complete.',
      );
    for (const [sort, b] of blocks.entries()) {
      if (b.kind === 'banner') await repos.banners.setSort(b.id, sort);
      else await repos.featured.setSort(b.id, sort);
    }
    const after = await pageOf(repos);
    await audit({ action: 'featured.reorder', target: 'featured', before: before.blocks, after: after.blocks });
    return after;
  });
}
