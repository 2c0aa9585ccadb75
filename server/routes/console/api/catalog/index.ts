import { routeModule } from '../../../../lib/route.js';
import { CatalogTitles, TitleQuery } from '../../../../../core/console/schemas/areas.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { TitleFull, TitleFullPatch, TitleImageKind, VersionQuery } from '../../../../../core/console/schemas/catalog.js';
import { Type } from '@sinclair/typebox';
import { titleById } from '../../../../console/catalog/series.js';
import { IMAGE_COLUMN, storeTitleImage } from '../../../../console/catalog/titleImages.js';
import { imageBlobs } from '../../../../images/blobs.js';
import { UPLOAD_LIMITS } from '../../../../../core/console/schemas/catalog.js';
import { ConsoleProblem } from '../../../../console/problems.js';
import { PageProblem } from '../../../../catalog/importSource.js';
import { byCode, languageOrDefault } from '../../../../../core/languages.js';
import type { Principal } from '../../../../console/principal.js';
import { audit } from '../../../../console/audit.js';
import { access } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';

/**
 * Catalog texts (editor: every title; localizer: titles in their languages).
 * An edit drops the readers' cached views on every node, as an import does
 * (a catalog notice).
 */
const FIELDS = ['id', 'series_id', 'language', 'name', 'author', 'overview', 'version'] as const;

type Row = { id: number; series_id: number; language: number; name: string; author: string; overview: string; version: number };
const titleOf = (r: Row) => ({
  id: r.id,
  seriesId: r.series_id,
  language: languageOrDefault(r.language).short,
  name: r.name,
  author: r.author,
  overview: r.overview,
  version: r.version,
});

/** The languages a caller may edit: all for an editor or owner, else a localizer's own. */
function editable(p: Principal | null): ((lang: string) => boolean) | null {
  if (!p) return null;
  const roles = p.kind === 'member' ? p.member.roles : p.token.roles;
  if (roles.includes('owner') || roles.includes('editor')) return () => true;
  const langs = p.kind === 'member' ? p.member.languages : [];
  return (lang) => langs.includes(lang);
}

const route = routeModule((app) => {
  app.get<{ Querystring: { language?: string; q?: string } }>(
    '/titles',
    { config: access('GET /catalog/titles'), schema: { querystring: TitleQuery, response: { 200: CatalogTitles } } },
    async (req) => {
      let s = app.db.selectFrom('titles').select(FIELDS);
      if (req.query.language) {
        const lang = byCode(req.query.language);
        if (!lang) return { titles: [] };
        s = s.where('language', '=', Number(lang.language));
      }
      if (req.query.q) s = s.where('name', 'like', `%${req.query.q.replace(/[%_\\]/g, '')}%`);
      const rows = await s.orderBy('id').limit(500).execute();
      return { titles: rows.map(titleOf) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/titles/:id',
    { config: access('GET /catalog/titles/:id'), schema: { params: IdParams, response: { 200: TitleFull } } },
    async (req) => (await titleById(app.db, req.params.id)) ?? Promise.reject(problems.notFound('No such title.')),
  );

  // issue 31: every text of a title (a localizer: only in their languages); a stale version answers the title as it is now.
  app.patch<{ Params: { id: number }; Body: TitleFullPatch }>(
    '/titles/:id',
    { config: access('PATCH /catalog/titles/:id'), schema: { params: IdParams, body: TitleFullPatch, response: { 200: TitleFull } } },
    async (req) => {
      const before = await titleById(app.db, req.params.id);
      if (!before) throw problems.notFound('No such title.');
      if (!editable(req.staff)?.(before.language)) throw problems.forbidden('This title is not in your languages.');
      const { version, viewingPeriod, nonAppearance, isNew, ...texts } = req.body;
      const now = app.clock.nowSec();
      const after = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('titles')
          .set((eb) => ({
            ...texts,
            ...(viewingPeriod !== undefined ? { viewing_period_description: viewingPeriod } : {}),
            ...(nonAppearance !== undefined ? { non_appearance_info: nonAppearance } : {}),
            ...(isNew !== undefined ? { is_new: isNew ? 1 : 0 } : {}),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', req.params.id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw problems.conflictWith(await titleById(trx, req.params.id));
        const after = (await titleById(trx, req.params.id))!;
        await audit(trx, req, now, { action: 'title.update', target: `title:${req.params.id}`, before, after });
        return after;
      });
      app.notices.publish({ kind: 'catalog' });
      return after;
    },
  );

  registerImages(app);
});

/**
 * POST /titles/:id/images/:kind?version=N, the raw image as the body (not
 * multipart: one file, its type in Content-Type). Refused before it is read
 * when it says it is too large.
 */
function registerImages(app: Parameters<Parameters<typeof routeModule>[0]>[0]) {
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.maxImageBytes }, (_req, body, done) =>
    done(null, body),
  );
  const blobs = imageBlobs(app.config);
  app.post<{ Params: { id: number; kind: TitleImageKind }; Querystring: { version: number }; Body: Buffer }>(
    '/titles/:id/images/:kind',
    {
      config: access('POST /catalog/titles/:id/images/:kind'),
      schema: {
        params: Type.Object({ id: IdParams.properties.id, kind: TitleImageKind }),
        querystring: VersionQuery,
        response: { 200: TitleFull },
      },
      preParsing: (req, _reply, payload, next) => {
        if (Number(req.headers['content-length'] ?? 0) > UPLOAD_LIMITS.maxImageBytes)
          return next(problems.bad(413, 'image-too-large', `Images stop at ${UPLOAD_LIMITS.maxImageBytes / 2 ** 20} MiB.`));
        if (!/^image\//.test(req.headers['content-type'] ?? ''))
          return next(problems.bad(415, 'not-an-image', 'Send the image itself with its type (image/png, image/jpeg, image/webp).'));
        next(null, payload);
      },
    },
    async (req) => {
      const before = await titleById(app.db, req.params.id);
      if (!before) throw problems.notFound('No such title.');
      if (before.version !== req.query.version) throw problems.conflictWith(before);
      let url: string;
      try {
        url = await storeTitleImage(blobs, req.params.id, req.params.kind, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      } catch (e) {
        if (e instanceof PageProblem)
          throw new ConsoleProblem(e.code === 'image-too-large' ? 413 : 400, e.code, 'Cannot use this image', e.message);
        throw e;
      }
      const now = app.clock.nowSec();
      const after = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('titles')
          .set((eb) => ({ [IMAGE_COLUMN[req.params.kind]]: url, version: eb('version', '+', 1) }))
          .where('id', '=', req.params.id)
          .where('version', '=', req.query.version)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw problems.conflictWith(await titleById(trx, req.params.id));
        const after = (await titleById(trx, req.params.id))!;
        await audit(trx, req, now, { action: 'title.image', target: `title:${req.params.id}`, before: before.images, after: after.images });
        return after;
      });
      app.notices.publish({ kind: 'catalog' });
      return after;
    },
  );
}
export default route;
