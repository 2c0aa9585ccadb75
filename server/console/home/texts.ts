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
import type { AnnouncementRow, NewsRow } from '../../repos/promo.js';
import { refusedMarkup, sanitizeHtml } from '../../lib/html.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, expectOne, mayWriteLanguage } from '../write.js';
import { problems } from '../problems.js';
import { checkActionUrl } from './action.js';
import { phaseOf } from './common.js';

/**
 * Service announcements and publisher news: HTML held to the
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
function checkLanguage(actor: Actor, lang: string): void {
  if (!mayWriteLanguage(actor, lang)) throw problems.forbidden('This language is not one of yours.');
}

const short = (language: number) => languageOrDefault(language).short;
const status = (s: string) => (s === 'draft' ? 'draft' : 'published');

const announcementOf = (r: AnnouncementRow, now: number): Announcement => ({
  id: r.id,
  language: short(r.language),
  title: r.title,
  body: r.body,
  publishAt: Number(r.date),
  status: status(r.status),
  phase: phaseOf(r.status, Number(r.date), 0, now),
  version: Number(r.version),
});

const newsOf = (r: NewsRow, now: number): News => ({
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

async function found<T>(row: Promise<T | undefined>, what: string): Promise<T> {
  const r = await row;
  if (!r) throw problems.notFound(`No such ${what}.`);
  return r;
}

export const announcements = {
  async list(ctx: ConsoleCtx, language?: Lang): Promise<Announcement[]> {
    const rows = await ctx.repos.texts.announcements({ language: language && langNo(language) });
    const now = ctx.clock.nowSec();
    return rows.map((r) => announcementOf(r, now));
  },

  async create(ctx: ConsoleCtx, actor: Actor, a: NewAnnouncement): Promise<Announcement> {
    checkLanguage(actor, a.language);
    const body = checkHtml(a.body);
    return audited(ctx, actor, async ({ repos, now, audit }) => {
      const id = await repos.texts.addAnnouncement({
        language: langNo(a.language),
        title: a.title,
        body,
        date: a.publishAt,
        status: a.status,
      });
      const after = announcementOf(await found(repos.texts.announcement(id), 'announcement'), now);
      await audit({ action: 'announcement.create', target: `announcement:${id}`, after });
      return after;
    });
  },

  async patch(ctx: ConsoleCtx, actor: Actor, id: number, p: AnnouncementPatch): Promise<Announcement> {
    const current = await found(ctx.repos.texts.announcement(id), 'announcement');
    checkLanguage(actor, short(current.language));
    if (p.language) checkLanguage(actor, p.language);
    const body = p.body === undefined ? undefined : checkHtml(p.body);
    return audited(ctx, actor, async ({ repos, now, audit }) => {
      const before = announcementOf(current, now);
      expectOne(
        await repos.texts.updateAnnouncement(id, p.version, {
          ...(p.language ? { language: langNo(p.language) } : {}),
          ...(p.title !== undefined ? { title: p.title } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(p.publishAt !== undefined ? { date: p.publishAt } : {}),
          ...(p.status ? { status: p.status } : {}),
        }),
      );
      const after = announcementOf(await found(repos.texts.announcement(id), 'announcement'), now);
      await audit({ action: 'announcement.update', target: `announcement:${id}`, before, after });
      return after;
    });
  },

  async remove(ctx: ConsoleCtx, actor: Actor, id: number, version: number): Promise<void> {
    const current = await found(ctx.repos.texts.announcement(id), 'announcement');
    checkLanguage(actor, short(current.language));
    await audited(ctx, actor, async ({ repos, now, audit }) => {
      expectOne(await repos.texts.removeAnnouncement(id, version));
      await audit({ action: 'announcement.delete', target: `announcement:${id}`, before: announcementOf(current, now) });
    });
  },
};

async function checkNews(ctx: ConsoleCtx, n: { publisherId?: number | undefined; actionUrl?: string | undefined }) {
  if (n.actionUrl !== undefined) await checkActionUrl(ctx.db, n.actionUrl, ctx.clock.nowSec(), '/actionUrl');
  if (n.publisherId !== undefined && !(await ctx.reader.promo.publisher(n.publisherId)))
    throw problems.validation([{ path: '/publisherId', message: 'no such publisher' }], 'No such publisher.');
}

export const news = {
  async list(ctx: ConsoleCtx, f: { publisher?: number; language?: Lang }): Promise<News[]> {
    const rows = await ctx.repos.texts.newsList({ publisher: f.publisher, language: f.language && langNo(f.language) });
    const now = ctx.clock.nowSec();
    return rows.map((r) => newsOf(r, now));
  },

  publishers: (ctx: ConsoleCtx) => ctx.repos.texts.publishers(),

  async create(ctx: ConsoleCtx, actor: Actor, n: NewNews): Promise<News> {
    checkLanguage(actor, n.language);
    const body = checkHtml(n.body);
    await checkNews(ctx, n);
    return audited(ctx, actor, async ({ repos, now, audit }) => {
      const id = await repos.texts.addNews({
        publisher_id: n.publisherId,
        language: langNo(n.language),
        subject: n.subject,
        body,
        published_ts: n.publishAt,
        action_url: n.actionUrl,
        status: n.status,
      });
      const after = newsOf(await found(repos.texts.news(id), 'news item'), now);
      await audit({ action: 'news.create', target: `news:${id}`, after });
      return after;
    });
  },

  async patch(ctx: ConsoleCtx, actor: Actor, id: number, p: NewsPatch): Promise<News> {
    const current = await found(ctx.repos.texts.news(id), 'news item');
    checkLanguage(actor, short(current.language));
    if (p.language) checkLanguage(actor, p.language);
    const body = p.body === undefined ? undefined : checkHtml(p.body);
    await checkNews(ctx, p);
    return audited(ctx, actor, async ({ repos, now, audit }) => {
      const before = newsOf(current, now);
      expectOne(
        await repos.texts.updateNews(id, p.version, {
          ...(p.publisherId !== undefined ? { publisher_id: p.publisherId } : {}),
          ...(p.language ? { language: langNo(p.language) } : {}),
          ...(p.subject !== undefined ? { subject: p.subject } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(p.actionUrl !== undefined ? { action_url: p.actionUrl } : {}),
          ...(p.publishAt !== undefined ? { published_ts: p.publishAt } : {}),
          ...(p.status ? { status: p.status } : {}),
        }),
      );
      const after = newsOf(await found(repos.texts.news(id), 'news item'), now);
      await audit({ action: 'news.update', target: `news:${id}`, before, after });
      return after;
    });
  },

  async remove(ctx: ConsoleCtx, actor: Actor, id: number, version: number): Promise<void> {
    const current = await found(ctx.repos.texts.news(id), 'news item');
    checkLanguage(actor, short(current.language));
    await audited(ctx, actor, async ({ repos, now, audit }) => {
      expectOne(await repos.texts.removeNews(id, version));
      await audit({ action: 'news.delete', target: `news:${id}`, before: newsOf(current, now) });
    });
  },
};
