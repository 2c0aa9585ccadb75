import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { routeModule } from '../../../../lib/route.js';
import { Preview, PreviewLink, PreviewParams } from '../../../../../core/console/schemas/catalog.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { QUALITIES, isQuality } from '../../../../images/urls.js';
import { audit } from '../../../../console/audit.js';
import { access, actorMemberId } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';
import { sha256 } from '../../../../console/secrets.js';
import { chapterRow, draftPrefix } from '../../../../console/catalog/chapters.js';

/**
 * Staff previews of a chapter as a reader will see it (issue 31): a link
 * that expires, usable only inside the console scope (a signed-in editor),
 * whose pages are the board's encrypted images served from here. Readers'
 * routes never serve a draft.
 */
const route = routeModule((app) => {
  // 15 minutes unless CONSOLE_PREVIEW_SECONDS says otherwise (server/config.ts).
  const lifetime = app.config.consolePreviewSeconds;
  const valid = async (token: string) => {
    const p = await app.db
      .selectFrom('console_previews')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .where('expires_at', '>', app.clock.nowSec())
      .executeTakeFirst();
    if (!p) throw problems.notFound('This preview link is unknown or expired.');
    return p;
  };

  app.post<{ Params: { id: number } }>(
    '/:id',
    { config: access('POST /preview/:id'), schema: { params: IdParams, response: { 200: PreviewLink } } },
    async (req) => {
      const c = await chapterRow(app.db, req.params.id);
      if (!c) throw problems.notFound('No such chapter.');
      const token = crypto.randomBytes(24).toString('base64url');
      const t = app.clock.nowSec();
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('console_previews').where('expires_at', '<=', t).execute();
        await trx
          .insertInto('console_previews')
          .values({ token_hash: sha256(token), chapter_id: c.id, member_id: actorMemberId(req) ?? 0, expires_at: t + lifetime })
          .execute();
        await audit(trx, req, t, { action: 'chapter.preview', target: `chapter:${c.id}` });
      });
      // The reader's own viewer, reading the draft through the link (server/console/catalog/previewViewer.ts).
      return { token, url: `/viewer/${c.id}?preview=${token}`, expiresAt: t + lifetime };
    },
  );

  app.get<{ Params: { token: string } }>(
    '/:token',
    { config: access('GET /preview/:token'), schema: { params: PreviewParams, response: { 200: Preview } } },
    async (req) => {
      const p = await valid(req.params.token);
      const c = await chapterRow(app.db, p.chapter_id);
      if (!c) throw problems.notFound('This chapter was deleted.');
      const s = await app.db
        .selectFrom('titles as t')
        .innerJoin('series as s', 's.id', 't.series_id')
        .select(['s.start_from_right', 's.viewer_mode'])
        .where('t.id', '=', c.title_id)
        .executeTakeFirstOrThrow();
      const pages = await app.db.selectFrom('console_pages').selectAll().where('chapter_id', '=', c.id).orderBy('position').execute();
      const base = `/console/api/preview/${req.params.token}/page`;
      return {
        chapter: { id: c.id, titleId: c.title_id, name: c.name, subTitle: c.sub_title, rightToLeft: s.start_from_right === 1 },
        viewerMode: s.viewer_mode as 'any',
        expiresAt: p.expires_at,
        pages: pages.map((pg, i) => ({
          urls: Object.fromEntries(QUALITIES.map((q) => [q, `${base}/${i}/${q}.webp`])) as Record<(typeof QUALITIES)[number], string>,
          width: pg.width,
          height: pg.height,
          type: pg.type,
          encryptionKey: pg.encryption_key,
        })),
      };
    },
  );

  app.get<{ Params: { token: string; idx: number; file: string } }>(
    '/:token/page/:idx/:file',
    {
      config: access('GET /preview/:token/page/:idx/:file'),
      schema: {
        params: Type.Object({
          token: PreviewParams.properties.token,
          idx: Type.Integer({ minimum: 0, maximum: 1000 }),
          file: Type.String({ maxLength: 20 }),
        }),
      },
    },
    async (req, reply) => {
      const p = await valid(req.params.token);
      const q = /^(.+)\.webp$/.exec(req.params.file)?.[1];
      if (!isQuality(q)) throw problems.notFound('No such quality.');
      const pg = await app.db
        .selectFrom('console_pages')
        .select('blob')
        .where('chapter_id', '=', p.chapter_id)
        .where('position', '=', req.params.idx)
        .executeTakeFirst();
      const data = pg && (await app.catalog.blobs.get(`${draftPrefix(p.chapter_id, pg.blob)}/${q}.webp`));
      if (!data) throw problems.notFound('No such page.');
      return reply.header('cache-control', 'private, no-store').type('image/webp').send(data);
    },
  );
});
export default route;
