import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  Announcement,
  AnnouncementPatch,
  Lang,
  NewAnnouncement,
  NewNews,
  News,
  NewsPatch,
} from '../../../core/console/schemas/home.js';
import { BY_SHORT, languageOrDefault } from '../../../core/languages.js';
import type { DB } from '../../db/index.js';
import type { AnnouncementRow, NewsRow } from '../../repos/promo.js';
import { refusedMarkup, sanitizeHtml } from '../../lib/html.js';
import { audit } from '../audit.js';
import { problems } from '../problems.js';
import { checkActionUrl } from './action.js';
import { expectOne, nextId, phaseOf, tellNodes } from './common.js';

/**
 * Service announcements and publisher news (issue 32): HTML held to the
 * reader's sanitiser rules (server/lib/html.ts). Markup those rules would
 * drop is refused with what it is, so what is stored is what the editor
 * wrote; the stored body is the sanitised HTML all the same.
 */
function checkHtml(body: string): string {
  const refused = refusedMarkup(body);
  if (refused.length)
    throw problems.validation(
      refused.map((message) => ({ path: '/body', message })),
      `The text has markup readers never get: ${refused.join('; ')}.`,
    );
  return sanitizeHtml(body);
}

/** Editors write every language; a localizer only theirs (the route's roles let both in). */
function checkLanguage(req: FastifyRequest, lang: string): void {
  const p = req.staff;
  const roles = p?.kind === 'member' ? p.member.roles : (p?.token.roles ?? []);
  if (roles.includes('owner') || roles.includes('editor')) return;
  const mine = p?.kind === 'member' ? p.member.languages : [];
  if (!mine.includes(lang)) throw problems.forbidden('This language is not one of yours.');
}

const short = (language: number) => languageOrDefault(language).short;
const status = (s: string) => (s === 'draft' ? 'draft' : 'published');

export const announcementOf = (r: AnnouncementRow, now: number): Announcement => ({
  id: r.id,
  language: short(r.language),
  title: r.title,
  body: r.body,
  publishAt: Number(r.date),
  status: status(r.status),
  phase: phaseOf(r.status, Number(r.date), 0, now),
  version: Number(r.version),
});

export const newsOf = (r: NewsRow, now: number): News => ({
  id: r.id,
  publisherId: r.publisher_id,
  language: short(r.language),
  subject: r.subject,
  body: r.body,
  actionUrl: r.action_url,
  publishAt: Number(r.published_ts),
  status: status(r.status),
  phase: phaseOf(r.status, Number(r.published_ts), 0, now),
  version: Number(r.version),
});

const langNo = (l: Lang) => Number(BY_SHORT[l].language);

async function getAnnouncement(db: DB, id: number) {
  const r = await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('No such announcement.');
  return r;
}

async function getNews(db: DB, id: number) {
  const r = await db.selectFrom('publisher_news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('No such news item.');
  return r;
}

/** One audited write in a transaction, then every node told. */
async function write<T>(app: FastifyInstance, run: (trx: DB, now: number) => Promise<T>): Promise<T> {
  const now = app.clock.nowSec();
  const out = await app.db.transaction().execute((trx) => run(trx, now));
  tellNodes(app);
  return out;
}

export const announcements = {
  async create(app: FastifyInstance, req: FastifyRequest, a: NewAnnouncement): Promise<Announcement> {
    checkLanguage(req, a.language);
    const body = checkHtml(a.body);
    return write(app, async (trx, now) => {
      const id = await nextId(trx, 'announcements');
      await trx
        .insertInto('announcements')
        .values({ id, language: langNo(a.language), title: a.title, body, date: a.publishAt, status: a.status })
        .execute();
      const after = announcementOf(await getAnnouncement(trx, id), now);
      await audit(trx, req, now, { action: 'announcement.create', target: `announcement:${id}`, after });
      return after;
    });
  },

  async patch(app: FastifyInstance, req: FastifyRequest, id: number, p: AnnouncementPatch): Promise<Announcement> {
    const current = await getAnnouncement(app.db, id);
    checkLanguage(req, short(current.language));
    if (p.language) checkLanguage(req, p.language);
    const body = p.body === undefined ? undefined : checkHtml(p.body);
    return write(app, async (trx, now) => {
      const before = announcementOf(current, now);
      const r = await trx
        .updateTable('announcements')
        .set((eb) => ({
          ...(p.language ? { language: langNo(p.language) } : {}),
          ...(p.title !== undefined ? { title: p.title } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(p.publishAt !== undefined ? { date: p.publishAt } : {}),
          ...(p.status ? { status: p.status } : {}),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', p.version)
        .executeTakeFirst();
      expectOne(r);
      const after = announcementOf(await getAnnouncement(trx, id), now);
      await audit(trx, req, now, { action: 'announcement.update', target: `announcement:${id}`, before, after });
      return after;
    });
  },

  async remove(app: FastifyInstance, req: FastifyRequest, id: number, version: number): Promise<void> {
    const current = await getAnnouncement(app.db, id);
    checkLanguage(req, short(current.language));
    await write(app, async (trx, now) => {
      expectOne(await trx.deleteFrom('announcements').where('id', '=', id).where('version', '=', version).executeTakeFirst());
      await audit(trx, req, now, { action: 'announcement.delete', target: `announcement:${id}`, before: announcementOf(current, now) });
    });
  },
};

async function checkNews(app: FastifyInstance, n: { publisherId?: number | undefined; actionUrl?: string | undefined }) {
  if (n.actionUrl !== undefined) await checkActionUrl(app.db, n.actionUrl, app.clock.nowSec(), '/actionUrl');
  if (n.publisherId !== undefined && !(await app.repos.promo.publisher(n.publisherId)))
    throw problems.validation([{ path: '/publisherId', message: 'no such publisher' }], 'No such publisher.');
}

export const news = {
  async create(app: FastifyInstance, req: FastifyRequest, n: NewNews): Promise<News> {
    checkLanguage(req, n.language);
    const body = checkHtml(n.body);
    await checkNews(app, n);
    return write(app, async (trx, now) => {
      const id = await nextId(trx, 'publisher_news');
      await trx
        .insertInto('publisher_news')
        .values({
          id,
          publisher_id: n.publisherId,
          language: langNo(n.language),
          subject: n.subject,
          body,
          published_ts: n.publishAt,
          action_url: n.actionUrl,
          status: n.status,
        })
        .execute();
      const after = newsOf(await getNews(trx, id), now);
      await audit(trx, req, now, { action: 'news.create', target: `news:${id}`, after });
      return after;
    });
  },

  async patch(app: FastifyInstance, req: FastifyRequest, id: number, p: NewsPatch): Promise<News> {
    const current = await getNews(app.db, id);
    checkLanguage(req, short(current.language));
    if (p.language) checkLanguage(req, p.language);
    const body = p.body === undefined ? undefined : checkHtml(p.body);
    await checkNews(app, p);
    return write(app, async (trx, now) => {
      const before = newsOf(current, now);
      const r = await trx
        .updateTable('publisher_news')
        .set((eb) => ({
          ...(p.publisherId !== undefined ? { publisher_id: p.publisherId } : {}),
          ...(p.language ? { language: langNo(p.language) } : {}),
          ...(p.subject !== undefined ? { subject: p.subject } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(p.actionUrl !== undefined ? { action_url: p.actionUrl } : {}),
          ...(p.publishAt !== undefined ? { published_ts: p.publishAt } : {}),
          ...(p.status ? { status: p.status } : {}),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', p.version)
        .executeTakeFirst();
      expectOne(r);
      const after = newsOf(await getNews(trx, id), now);
      await audit(trx, req, now, { action: 'news.update', target: `news:${id}`, before, after });
      return after;
    });
  },

  async remove(app: FastifyInstance, req: FastifyRequest, id: number, version: number): Promise<void> {
    const current = await getNews(app.db, id);
    checkLanguage(req, short(current.language));
    await write(app, async (trx, now) => {
      expectOne(await trx.deleteFrom('publisher_news').where('id', '=', id).where('version', '=', version).executeTakeFirst());
      await audit(trx, req, now, { action: 'news.delete', target: `news:${id}`, before: newsOf(current, now) });
    });
  },
};
