import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Featured, FeaturedBlock, FeaturedList, FeaturedListPatch, NewFeaturedList } from '../../../core/console/schemas/home.js';
import type { DB } from '../../db/index.js';
import type { FeaturedListRow } from '../../repos/promo.js';
import { audit } from '../audit.js';
import { problems } from '../problems.js';
import { expectOne, json, nextId, tellNodes } from './common.js';
import { published } from './published.js';

/** Featured lists (a name per language, series in order) and the featured page's blocks in order (issue 32). */

async function listsOf(db: DB): Promise<FeaturedList[]> {
  const [rows, items] = await Promise.all([
    db.selectFrom('featured_lists').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('featured_list_items').selectAll().orderBy('list_id').orderBy('sort').execute(),
  ]);
  return rows.map((r: FeaturedListRow) => ({
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
export async function featuredOf(db: DB): Promise<Featured> {
  const [lists, banners] = await Promise.all([
    listsOf(db),
    db.selectFrom('banners').select(['id', 'sort']).where('placement', '=', 'featured').orderBy('sort').orderBy('id').execute(),
  ]);
  const blocks: { sort: number; order: number; block: FeaturedBlock }[] = [
    ...banners.map((b) => ({ sort: b.sort, order: 0, block: { kind: 'banner' as const, id: b.id } })),
    ...lists.map((l) => ({ sort: l.sort, order: 1, block: { kind: 'list' as const, id: l.id } })),
  ];
  blocks.sort((a, b) => a.sort - b.sort || a.order - b.order);
  return { lists, blocks: blocks.map((b) => b.block) };
}

async function checkSeries(db: DB, ids: number[], now: number): Promise<void> {
  const ok = await published.series(db, ids, now);
  const errors = ids.flatMap((id, i) => (ok.has(id) ? [] : [{ path: `/seriesIds/${i}`, message: `series ${id} has no released title` }]));
  if (errors.length) throw problems.validation(errors, 'A list may only show released series.');
}

async function writeItems(db: DB, listId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('featured_list_items').where('list_id', '=', listId).execute();
  if (ids.length)
    await db
      .insertInto('featured_list_items')
      .values(ids.map((series_id, sort) => ({ list_id: listId, series_id, sort })))
      .execute();
}

const one = async (db: DB, id: number) => {
  const l = (await listsOf(db)).find((x) => x.id === id);
  if (!l) throw problems.notFound('No such featured list.');
  return l;
};

export async function createList(app: FastifyInstance, req: FastifyRequest, l: NewFeaturedList): Promise<FeaturedList> {
  const now = app.clock.nowSec();
  await checkSeries(app.db, l.seriesIds, now);
  const out = await app.db.transaction().execute(async (trx) => {
    const id = await nextId(trx, 'featured_lists');
    const top = await trx
      .selectFrom('featured_lists')
      .select((eb) => [eb.fn.max('sort').as('s'), eb.fn.max('container_id').as('c')])
      .executeTakeFirst();
    await trx
      .insertInto('featured_lists')
      .values({
        id,
        name: l.name,
        names: JSON.stringify(l.names),
        kind: l.kind,
        container_id: Number(top?.c ?? 0) + 1,
        sort: Number(top?.s ?? -1) + 1,
      })
      .execute();
    await writeItems(trx, id, l.seriesIds);
    const after = await one(trx, id);
    await audit(trx, req, now, { action: 'featured.create', target: `featured:${id}`, after });
    return after;
  });
  tellNodes(app);
  return out;
}

export async function patchList(app: FastifyInstance, req: FastifyRequest, id: number, p: FeaturedListPatch): Promise<FeaturedList> {
  const now = app.clock.nowSec();
  if (p.seriesIds) await checkSeries(app.db, p.seriesIds, now);
  const out = await app.db.transaction().execute(async (trx) => {
    const before = await one(trx, id);
    const r = await trx
      .updateTable('featured_lists')
      .set((eb) => ({
        ...(p.name !== undefined ? { name: p.name } : {}),
        ...(p.names !== undefined ? { names: JSON.stringify(p.names) } : {}),
        ...(p.kind !== undefined ? { kind: p.kind } : {}),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('version', '=', p.version)
      .executeTakeFirst();
    expectOne(r);
    if (p.seriesIds) await writeItems(trx, id, p.seriesIds);
    const after = await one(trx, id);
    await audit(trx, req, now, { action: 'featured.update', target: `featured:${id}`, before, after });
    return after;
  });
  tellNodes(app);
  return out;
}

export async function deleteList(app: FastifyInstance, req: FastifyRequest, id: number, version: number): Promise<void> {
  const now = app.clock.nowSec();
  await app.db.transaction().execute(async (trx) => {
    const before = await one(trx, id);
    expectOne(await trx.deleteFrom('featured_lists').where('id', '=', id).where('version', '=', version).executeTakeFirst());
    await trx.deleteFrom('featured_list_items').where('list_id', '=', id).execute();
    await audit(trx, req, now, { action: 'featured.delete', target: `featured:${id}`, before });
  });
  tellNodes(app);
}

/** The featured page in a new order: every featured banner and list exactly once. */
export async function orderBlocks(app: FastifyInstance, req: FastifyRequest, blocks: FeaturedBlock[]): Promise<Featured> {
  const now = app.clock.nowSec();
  const out = await app.db.transaction().execute(async (trx) => {
    const before = await featuredOf(trx);
    const key = (b: FeaturedBlock) => `${b.kind}:${b.id}`;
    const have = new Set(before.blocks.map(key));
    const given = new Set(blocks.map(key));
    if (given.size !== blocks.length || given.size !== have.size || [...given].some((k) => !have.has(k)))
      throw problems.validation(
        [{ path: '/blocks', message: 'must list every featured banner and list once' }],
        'The order is not complete.',
      );
    for (const [sort, b] of blocks.entries()) {
      if (b.kind === 'banner') await trx.updateTable('banners').set({ sort }).where('id', '=', b.id).execute();
      else await trx.updateTable('featured_lists').set({ sort }).where('id', '=', b.id).execute();
    }
    const after = await featuredOf(trx);
    await audit(trx, req, now, { action: 'featured.reorder', target: 'featured', before: before.blocks, after: after.blocks });
    return after;
  });
  tellNodes(app);
  return out;
}
