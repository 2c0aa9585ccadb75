import { routeModule } from '../../../../lib/route.js';
import { CatalogTitle, CatalogTitles, TitlePatch, TitleQuery } from '../../../../../core/console/schemas/areas.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
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
const titleOf = (r: Row): CatalogTitle => ({
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

  app.patch<{ Params: { id: number }; Body: TitlePatch }>(
    '/titles/:id',
    { config: access('PATCH /catalog/titles/:id'), schema: { params: IdParams, body: TitlePatch, response: { 200: CatalogTitle } } },
    async (req) => {
      const row = await app.db.selectFrom('titles').select(FIELDS).where('id', '=', req.params.id).executeTakeFirst();
      if (!row) throw problems.notFound('No such title.');
      const before = titleOf(row);
      if (!editable(req.staff)?.(before.language)) throw problems.forbidden('This title is not in your languages.');
      const { version, ...fields } = req.body;
      const now = app.clock.nowSec();
      const after = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('titles')
          .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
          .where('id', '=', req.params.id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw problems.conflict();
        const after = titleOf(await trx.selectFrom('titles').select(FIELDS).where('id', '=', req.params.id).executeTakeFirstOrThrow());
        await audit(trx, req, now, { action: 'title.update', target: `title:${req.params.id}`, before, after });
        return after;
      });
      app.notices.publish({ kind: 'catalog' });
      return after;
    },
  );
});
export default route;
