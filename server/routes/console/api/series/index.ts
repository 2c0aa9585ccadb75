import { routeModule } from '../../../../lib/route.js';
import {
  Series,
  SeriesCreate,
  SeriesList,
  SeriesPatch,
  SeriesQuery,
  TitleCreate,
  TitleFull,
} from '../../../../../core/console/schemas/catalog.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { byShort, languageOrDefault } from '../../../../../core/languages.js';
import { audit } from '../../../../console/audit.js';
import { access } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';
import { newTitleRow, nextId, seriesById, seriesColumns, setTags, titleById } from '../../../../console/catalog/series.js';

/**
 * Series and their titles per language (issue 31). Every write is based on a
 * version (stale: 409 with the series as it is now), audited in its
 * transaction, and drops the readers' cached views on every node.
 */
const route = routeModule((app) => {
  const slugTaken = async (slug: string, except = 0) =>
    !!(await app.db.selectFrom('series').select('id').where('slug', '=', slug).where('id', '!=', except).executeTakeFirst());

  app.get<{ Querystring: { q?: string } }>(
    '/',
    { config: access('GET /series'), schema: { querystring: SeriesQuery, response: { 200: SeriesList } } },
    async (req) => {
      const rows = await app.db.selectFrom('series').select(['id', 'slug', 'version']).orderBy('id').limit(1000).execute();
      const titles = await app.db.selectFrom('titles').select(['series_id', 'language', 'name']).execute();
      const q = req.query.q?.toLowerCase();
      const series = rows.map((r) => ({
        ...r,
        names: Object.fromEntries(titles.filter((t) => t.series_id === r.id).map((t) => [languageOrDefault(t.language).short, t.name])),
      }));
      return {
        series: q ? series.filter((s) => s.slug.includes(q) || Object.values(s.names).some((n) => n.toLowerCase().includes(q))) : series,
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    { config: access('GET /series/:id'), schema: { params: IdParams, response: { 200: Series } } },
    async (req) => (await seriesById(app.db, req.params.id)) ?? Promise.reject(problems.notFound('No such series.')),
  );

  app.post<{ Body: SeriesCreate }>(
    '/',
    { config: access('POST /series'), schema: { body: SeriesCreate, response: { 201: Series } } },
    async (req, reply) => {
      if (await slugTaken(req.body.slug)) throw problems.duplicateName(`A series is already called "${req.body.slug}".`);
      const now = app.clock.nowSec();
      const after = await app.db.transaction().execute(async (trx) => {
        const id = await nextId(trx, 'series');
        await trx
          .insertInto('series')
          .values({
            id,
            plan_type: 'standard',
            publisher_id: 1,
            region_code: '',
            created_at: now,
            slug: req.body.slug,
            status: req.body.status,
            viewer_mode: req.body.viewerMode,
            label: req.body.label,
            release_schedule: req.body.releaseSchedule,
            update_timing: req.body.updateTiming,
            rating: req.body.rating,
            is_simulpub: req.body.simulrelease ? 1 : 0,
            start_from_right: req.body.rightToLeft ? 1 : 0,
          })
          .execute();
        await setTags(trx, id, req.body.tags);
        const after = (await seriesById(trx, id))!;
        await audit(trx, req, now, { action: 'series.create', target: `series:${id}`, after });
        return after;
      });
      return reply.code(201).send(after);
    },
  );

  app.patch<{ Params: { id: number }; Body: SeriesPatch }>(
    '/:id',
    { config: access('PATCH /series/:id'), schema: { params: IdParams, body: SeriesPatch, response: { 200: Series } } },
    async (req) => {
      const before = await seriesById(app.db, req.params.id);
      if (!before) throw problems.notFound('No such series.');
      const { version, tags, ...fields } = req.body;
      if (fields.slug !== undefined && (await slugTaken(fields.slug, req.params.id)))
        throw problems.duplicateName(`A series is already called "${fields.slug}".`);
      const now = app.clock.nowSec();
      const after = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('series')
          .set((eb) => ({ ...seriesColumns(fields), version: eb('version', '+', 1) }))
          .where('id', '=', req.params.id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw problems.conflictWith(await seriesById(trx, req.params.id));
        if (tags) await setTags(trx, req.params.id, tags);
        const after = (await seriesById(trx, req.params.id))!;
        await audit(trx, req, now, {
          action: 'series.update',
          target: `series:${req.params.id}`,
          before: { ...before, titles: undefined },
          after: { ...after, titles: undefined },
        });
        return after;
      });
      app.notices.publish({ kind: 'catalog' });
      return after;
    },
  );

  app.post<{ Params: { id: number }; Body: TitleCreate }>(
    '/:id/titles',
    { config: access('POST /series/:id/titles'), schema: { params: IdParams, body: TitleCreate, response: { 201: TitleFull } } },
    async (req, reply) => {
      const lang = byShort(req.body.language);
      if (!lang)
        throw problems.validation(
          [{ path: '/body/language', message: 'is not one of the languages' }],
          `Unknown language "${req.body.language}".`,
        );
      if (!(await app.db.selectFrom('series').select('id').where('id', '=', req.params.id).executeTakeFirst()))
        throw problems.notFound('No such series.');
      const dup = await app.db
        .selectFrom('titles')
        .select('id')
        .where('series_id', '=', req.params.id)
        .where('language', '=', Number(lang.language))
        .executeTakeFirst();
      if (dup) throw problems.duplicateName(`This series already has a ${lang.native} title (${dup.id}).`);
      const now = app.clock.nowSec();
      const b = req.body;
      const after = await app.db.transaction().execute(async (trx) => {
        const id = await nextId(trx, 'titles');
        await trx
          .insertInto('titles')
          .values({
            ...newTitleRow(id, req.params.id, Number(lang.language), now),
            name: b.name,
            author: b.author,
            overview: b.overview,
            viewing_period_description: b.viewingPeriod,
            non_appearance_info: b.nonAppearance,
            is_new: b.isNew ? 1 : 0,
          })
          .execute();
        const after = (await titleById(trx, id))!;
        await audit(trx, req, now, { action: 'title.create', target: `title:${id}`, after });
        return after;
      });
      app.notices.publish({ kind: 'catalog' });
      return reply.code(201).send(after);
    },
  );
});
export default route;
