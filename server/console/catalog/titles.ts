import type { TitleFull, TitleFullPatch, TitleImageKind } from '../../../core/console/schemas/catalog.js';
import { byCode, languageOrDefault } from '../../../core/languages.js';
import type { Blobs } from '../../images/blobs.js';
import { PageProblem } from '../../catalog/pageProblem.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, checkTextFields, mayWriteLanguage } from '../write.js';
import { ConsoleProblem, problems } from '../problems.js';
import { titleById } from './series.js';
import { IMAGE_COLUMN, storeTitleImage } from './titleImages.js';

/**
 * Catalog texts and images (editor: every title; localizer: titles in their
 * languages). An edit drops the readers' cached views on every node, as an
 * import does (a catalog notice).
 */

/** A title's texts in its language: what a localizer changes (isNew, a merchandising flag, is an editor's). */
const TITLE_TEXTS = ['name', 'author', 'overview', 'viewingPeriod', 'nonAppearance'] as const satisfies readonly (keyof TitleFull)[];

async function found(ctx: ConsoleCtx, id: number): Promise<TitleFull> {
  const t = await titleById(ctx.repos, id, ctx.clock.nowSec());
  if (!t) throw problems.notFound('No such title.');
  return t;
}

export const titles = {
  /** The first 500 titles by id, in a language (its code) and with a part of the name if given. */
  async list(ctx: ConsoleCtx, q: { language?: string; q?: string }) {
    let language: number | undefined;
    if (q.language) {
      const lang = byCode(q.language);
      if (!lang) return [];
      language = Number(lang.language);
    }
    const rows = await ctx.repos.titles.list({ language, name: q.q?.replace(/[%_\\]/g, '') });
    return rows.map((r) => ({
      id: r.id,
      seriesId: r.series_id,
      language: languageOrDefault(r.language).short,
      name: r.name,
      author: r.author,
      overview: r.overview,
      version: r.version,
    }));
  },

  get: found,

  /**
   * A title's texts and flag (a localizer: only the texts, of titles in their languages); a stale version answers the
   * title as it is now.
   */
  async patch(ctx: ConsoleCtx, actor: Actor, id: number, p: TitleFullPatch): Promise<TitleFull> {
    const before = await found(ctx, id);
    if (!mayWriteLanguage(actor, before.language)) throw problems.forbidden('This title is not in your languages.');
    // (At a stale version the write is a conflict whatever it sends: the editor reloads first.)
    if (p.version === before.version) checkTextFields<TitleFull>(actor, TITLE_TEXTS, p, before);
    const { version, viewingPeriod, nonAppearance, isNew, ...texts } = p;
    return audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const n = await repos.titles.update(id, version, {
          ...texts,
          ...(viewingPeriod !== undefined ? { viewing_period_description: viewingPeriod } : {}),
          ...(nonAppearance !== undefined ? { non_appearance_info: nonAppearance } : {}),
          ...(isNew !== undefined ? { is_new: isNew ? 1 : 0 } : {}),
        });
        if (n !== 1) throw problems.conflictWith(await titleById(repos, id, now));
        const after = (await titleById(repos, id, now))!;
        await audit({ action: 'title.update', target: `title:${id}`, before, after });
        return after;
      },
      // A draft's change is the console's alone.
      { readersSee: before.readers !== 'draft' },
    );
  },

  /** A title image replaced: checked and stored first (./titleImages.ts), then the title points at it. */
  async setImage(
    ctx: ConsoleCtx,
    actor: Actor,
    blobs: Blobs,
    id: number,
    image: { kind: TitleImageKind; version: number; data: Buffer },
  ): Promise<TitleFull> {
    const before = await found(ctx, id);
    if (before.version !== image.version) throw problems.conflictWith(before);
    let url: string;
    try {
      url = await storeTitleImage(blobs, id, image.kind, image.data);
    } catch (e) {
      if (e instanceof PageProblem)
        throw new ConsoleProblem(e.code === 'image-too-large' ? 413 : 400, e.code, 'Cannot use this image', e.message);
      throw e;
    }
    return audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        if ((await repos.titles.update(id, image.version, { [IMAGE_COLUMN[image.kind]]: url })) !== 1)
          throw problems.conflictWith(await titleById(repos, id, now));
        const after = (await titleById(repos, id, now))!;
        await audit({ action: 'title.image', target: `title:${id}`, before: before.images, after: after.images });
        return after;
      },
      { readersSee: before.readers !== 'draft' },
    );
  },
};
