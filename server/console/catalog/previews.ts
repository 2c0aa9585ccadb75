import crypto from 'node:crypto';
import { QUALITIES, isQuality, type Quality } from '../../images/urls.js';
import type { PreviewRow } from '../../repos/console/chapterPreviews.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';
import { sha256 } from '../secrets.js';
import { draftPrefix } from './chapters.js';
import type { CatalogParts } from './parts.js';

/**
 * Staff previews of a chapter as a reader will see it: a link
 * that expires, usable only inside the console scope (a signed-in editor),
 * whose pages are the board's encrypted images served from here. Readers'
 * routes never serve a draft; the reader's own viewer reads one through the
 * link (./previewViewer.ts).
 */

async function valid(ctx: ConsoleCtx, token: string): Promise<PreviewRow> {
  const p = await ctx.repos.chapterPreviews.valid(sha256(token), ctx.clock.nowSec());
  if (!p) throw problems.notFound('This preview link is unknown or expired.');
  return p;
}

export const previews = {
  /** A new link to the chapter, valid `lifetime` seconds (the expired ones of every chapter go). */
  async create(ctx: ConsoleCtx, actor: Actor, chapterId: number, lifetime: number) {
    const c = await ctx.repos.chapters.row(chapterId);
    if (!c) throw problems.notFound('No such chapter.');
    const token = crypto.randomBytes(24).toString('base64url');
    const expiresAt = await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        await repos.chapterPreviews.removeExpired(now);
        await repos.chapterPreviews.add({
          token_hash: sha256(token),
          chapter_id: c.id,
          member_id: actor.memberId ?? 0,
          expires_at: now + lifetime,
        });
        await audit({ action: 'chapter.preview', target: `chapter:${c.id}` });
        return now + lifetime;
      },
      { readersSee: false },
    );
    return { token, url: `/viewer/${c.id}?preview=${token}`, expiresAt };
  },

  /** The chapter a link shows, with its pages' URLs under the link. */
  async open(ctx: ConsoleCtx, token: string) {
    const p = await valid(ctx, token);
    const c = await ctx.repos.chapters.row(p.chapter_id);
    if (!c) throw problems.notFound('This chapter was deleted.');
    const s = await ctx.repos.titles.reading(c.title_id);
    if (!s) throw new Error(`chapter ${c.id}'s title ${c.title_id} has no series`);
    const pages = await ctx.repos.pages.ofChapter(c.id);
    const base = `/console/api/preview/${token}/page`;
    return {
      chapter: { id: c.id, titleId: c.title_id, name: c.name, subTitle: c.sub_title, rightToLeft: s.start_from_right === 1 },
      viewerMode: s.viewer_mode as 'any',
      expiresAt: p.expires_at,
      pages: pages.map((pg, i) => ({
        urls: Object.fromEntries(QUALITIES.map((q) => [q, `${base}/${i}/${q}.webp`])) as Record<Quality, string>,
        width: pg.width,
        height: pg.height,
        type: pg.type,
        encryptionKey: pg.encryption_key,
      })),
    };
  },

  /** The image of the link's page at a position, its file a quality's (`high.webp`); undefined: no such page or image. */
  async page(ctx: ConsoleCtx, parts: CatalogParts, token: string, idx: number, file: string): Promise<Buffer | undefined> {
    const p = await valid(ctx, token);
    const q = /^(.+)\.webp$/.exec(file)?.[1];
    if (!isQuality(q)) throw problems.notFound('No such quality.');
    const blob = await ctx.repos.pages.blobAt(p.chapter_id, idx);
    return blob === undefined ? undefined : parts.blobs.get(`${draftPrefix(p.chapter_id, blob)}/${q}.webp`);
  },
};
