import type { Publisher, PublisherCreate, PublisherImageKind, PublisherPatch } from '../../../core/console/schemas/publishers.js';
import type { Blobs } from '../../images/blobs.js';
import { PageProblem } from '../../catalog/pageProblem.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { PublisherRow } from '../../repos/console/publishers.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { ConsoleProblem, problems } from '../problems.js';
import { storePublisherImage } from './publisherImages.js';

/**
 * Publishers as the console edits them: a name, a logo and a banner (their
 * news is ../home/texts.ts). Every write is at the version the editor read
 * (stale: 409 with the publisher as it is now) and audited; a change to one
 * whose series readers see tells every node (their title pages show it).
 */

const publisherOf = (r: PublisherRow): Publisher => ({
  id: r.id,
  name: r.name,
  logo: r.logo_image_url,
  banner: r.banner_image_url,
  seriesCount: r.series_count,
  version: r.version,
});

async function byId(repos: ConsoleRepos, id: number): Promise<Publisher | undefined> {
  const r = await repos.publishers.row(id);
  return r && publisherOf(r);
}

async function found(ctx: ConsoleCtx, id: number): Promise<Publisher> {
  const p = await byId(ctx.repos, id);
  if (!p) throw problems.notFound('No such publisher.');
  return p;
}

async function checkName(repos: ConsoleRepos, name: string, except = 0): Promise<string> {
  const trimmed = name.trim();
  if (await repos.publishers.nameTaken(trimmed, except)) throw problems.duplicateName(`A publisher is already called "${trimmed}".`);
  return trimmed;
}

/** The image stored, or the image's problem as the console's. */
async function stored(blobs: Blobs, id: number, kind: PublisherImageKind, data: Buffer): Promise<string> {
  try {
    return await storePublisherImage(blobs, id, kind, data);
  } catch (e) {
    if (e instanceof PageProblem)
      throw new ConsoleProblem(e.code === 'image-too-large' ? 413 : 400, e.code, 'Cannot use this image', e.message);
    throw e;
  }
}

export const publishers = {
  list: async (ctx: ConsoleCtx) => (await ctx.repos.publishers.list()).map(publisherOf),

  get: found,

  async create(ctx: ConsoleCtx, actor: Actor, b: PublisherCreate): Promise<Publisher> {
    return audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        const id = await repos.publishers.add(await checkName(repos, b.name));
        const after = (await byId(repos, id))!;
        await audit({ action: 'publisher.create', target: `publisher:${id}`, after });
        return after;
      },
      // No series is a new publisher's yet.
      { readersSee: false },
    );
  },

  async patch(ctx: ConsoleCtx, actor: Actor, id: number, p: PublisherPatch): Promise<Publisher> {
    const before = await found(ctx, id);
    return audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        const name = p.name === undefined ? undefined : await checkName(repos, p.name, id);
        if ((await repos.publishers.update(id, p.version, name === undefined ? {} : { name })) !== 1)
          throw problems.conflictWith(await byId(repos, id));
        const after = (await byId(repos, id))!;
        await audit({ action: 'publisher.update', target: `publisher:${id}`, before, after });
        return after;
      },
      { readersSee: before.seriesCount > 0 },
    );
  },

  /** A logo or banner replaced: checked and stored first, then the publisher points at it. */
  async setImage(
    ctx: ConsoleCtx,
    actor: Actor,
    blobs: Blobs,
    id: number,
    image: { kind: PublisherImageKind; version: number; data: Buffer },
  ): Promise<Publisher> {
    const before = await found(ctx, id);
    if (before.version !== image.version) throw problems.conflictWith(before);
    const url = await stored(blobs, id, image.kind, image.data);
    const set = image.kind === 'logo' ? { logo_image_url: url } : { banner_image_url: url, banner_width: 1000, banner_height: 250 };
    return audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        if ((await repos.publishers.update(id, image.version, set)) !== 1) throw problems.conflictWith(await byId(repos, id));
        const after = (await byId(repos, id))!;
        await audit({ action: `publisher.${image.kind}`, target: `publisher:${id}`, before: before[image.kind], after: after[image.kind] });
        return after;
      },
      { readersSee: before.seriesCount > 0 },
    );
  },
};
