import type {
  ReleaseGroup,
  ReleaseGroupCreate,
  ReleaseGroupPatch,
  ReleaseGroupSchedule,
} from '../../../core/console/schemas/releaseGroups.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, expectOne } from '../write.js';
import { problems } from '../problems.js';
import type { CatalogParts } from './parts.js';
import { checkMembers, groupById, groupForWrite, groupView } from './releaseGroupsView.js';
import { releaseGroup, type GroupOutcome } from './releaseGroupsRun.js';

/**
 * One release of a chapter in several languages: a group of drafts (one per
 * language title of a series) with one time. Made, changed, scheduled or
 * moved, cancelled and released now by an editor, each one audited write at
 * the version read; at its time the release timers run it once for the
 * deployment (./releaseGroupsTimers.ts). Its members stay drafts until it
 * goes out, so moving or cancelling it touches no reader row.
 */
const target = (id: number) => `release-group:${id}`;
const OPEN = new Set(['draft', 'scheduled', 'held']);

function open(state: string): void {
  if (!OPEN.has(state)) throw problems.wrongState('This release is out or cancelled already.');
}

/** Tells the nodes what a release put out (`published`: caches dropped, subscribers notified once) and resets the timers. */
async function told(parts: CatalogParts, out: GroupOutcome | null): Promise<void> {
  if (out?.released.length) for (const r of out.released) parts.notices.publish({ kind: 'published', ...r });
  else parts.notices.publish({ kind: 'catalog' });
  await parts.releases.refresh();
  await parts.groups.refresh();
}

export const releaseGroups = {
  async list(ctx: ConsoleCtx, q: { seriesId?: number | undefined; chapterId?: number | undefined }): Promise<{ groups: ReleaseGroup[] }> {
    const { repos } = ctx;
    if (q.chapterId !== undefined) {
      const found = await repos.releaseGroups.openOf([q.chapterId]);
      return { groups: found.length ? [await groupById(repos, found[0].group_id)] : [] };
    }
    if (q.seriesId === undefined)
      throw problems.validation([{ path: '/query', message: 'seriesId or chapterId' }], 'Name a series or a chapter.');
    const rows = await repos.releaseGroups.ofSeries(q.seriesId);
    return { groups: await Promise.all(rows.map((g) => groupView(repos, g))) };
  },

  get: (ctx: ConsoleCtx, id: number): Promise<ReleaseGroup> => groupById(ctx.repos, id),

  create: (ctx: ConsoleCtx, actor: Actor, b: ReleaseGroupCreate): Promise<ReleaseGroup> =>
    audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const seriesId = await checkMembers(repos, b.chapterIds);
        const id = await repos.releaseGroups.add({
          series_id: seriesId,
          name: b.name.trim() || b.name,
          state: 'draft',
          start_ts: 0,
          end_ts: 0,
          partial: b.partial,
          zones: JSON.stringify(b.zones),
          split_from: 0,
          released_at: 0,
          version: 0,
          created_at: now,
        });
        await repos.releaseGroups.setMembers(id, b.chapterIds);
        await audit({
          action: 'release-group.create',
          target: target(id),
          after: { name: b.name, chapters: b.chapterIds, partial: b.partial },
        });
        return groupById(repos, id);
      },
      { readersSee: false },
    ),

  patch: (ctx: ConsoleCtx, actor: Actor, id: number, p: ReleaseGroupPatch): Promise<ReleaseGroup> =>
    audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        const g = await groupForWrite(repos, id, p.version);
        open(g.state);
        if (p.chapterIds) {
          const seriesId = await checkMembers(repos, p.chapterIds, id);
          if (seriesId !== g.series_id)
            throw problems.validation(
              [{ path: '/body/chapterIds', message: 'another series' }],
              "A release's chapters stay of its series.",
            );
        }
        const before = await groupView(repos, g);
        expectOne(
          await repos.releaseGroups.bump(id, g.version, {
            ...(p.name !== undefined ? { name: p.name } : {}),
            ...(p.partial !== undefined ? { partial: p.partial } : {}),
            ...(p.zones !== undefined ? { zones: JSON.stringify(p.zones) } : {}),
          }),
        );
        if (p.chapterIds) await repos.releaseGroups.setMembers(id, p.chapterIds);
        const after = await groupById(repos, id);
        await audit({ action: 'release-group.change', target: target(id), before: summary(before), after: summary(after) });
        return after;
      },
      { readersSee: false },
    ),

  /** Schedules a draft group, moves a scheduled one, or gives a held one a new time (never in the past). */
  async schedule(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, s: ReleaseGroupSchedule): Promise<ReleaseGroup> {
    if (s.endAt !== 0 && s.endAt <= s.startAt)
      throw problems.validation(
        [{ path: '/body/endAt', message: 'must be after the release time' }],
        'The end of free reading must come after the release.',
      );
    const out = await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const g = await groupForWrite(repos, id, s.version);
        open(g.state);
        const start = Math.max(s.startAt, now + 1);
        expectOne(await repos.releaseGroups.bump(id, g.version, { state: 'scheduled', start_ts: start, end_ts: s.endAt }));
        await audit({
          action: g.state === 'draft' ? 'release-group.schedule' : 'release-group.move',
          target: target(id),
          before: { state: g.state, startAt: g.start_ts, endAt: g.end_ts },
          after: { state: 'scheduled', startAt: start, endAt: s.endAt },
        });
        return groupById(repos, id);
      },
      { readersSee: false },
    );
    await told(parts, null);
    return out;
  },

  cancel: async (ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number): Promise<ReleaseGroup> => {
    const out = await audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        const g = await groupForWrite(repos, id, version);
        open(g.state);
        expectOne(await repos.releaseGroups.bump(id, g.version, { state: 'cancelled' }));
        await audit({
          action: 'release-group.cancel',
          target: target(id),
          before: { state: g.state, startAt: g.start_ts },
          after: { state: 'cancelled' },
        });
        return groupById(repos, id);
      },
      { readersSee: false },
    );
    await told(parts, null);
    return out;
  },

  /** Releases the group now, as its partial choice says (block: refused while a language lacks pages). */
  async now(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number): Promise<ReleaseGroup> {
    let out: GroupOutcome | null;
    try {
      out = await audited(
        ctx,
        actor,
        async (tx) => {
          const g = await groupForWrite(tx.repos, id, version);
          open(g.state);
          const r = await releaseGroup(tx, parts.blobs, g, tx.now, async (state) => {
            if (state === 'held') throw problems.noPages();
            return (await tx.repos.releaseGroups.bump(id, g.version, { state, released_at: tx.now, start_ts: tx.now })) === 1;
          });
          if (!r) throw problems.conflict();
          return r;
        },
        { readersSee: false },
      );
    } catch (e) {
      await removeCopies(ctx, parts, id);
      throw e;
    }
    await told(parts, out);
    return groupById(ctx.repos, id);
  },

  /**
   * The release job: runs a scheduled group whose time has come, once for
   * the deployment (every node's timer may call it; the claim lets one through).
   */
  async runDue(ctx: ConsoleCtx, parts: CatalogParts, id: number): Promise<GroupOutcome | null> {
    let out: GroupOutcome | null;
    try {
      out = await audited(
        ctx,
        JOB,
        async (tx) => {
          const g = await tx.repos.releaseGroups.row(id);
          if (!g || g.state !== 'scheduled' || g.start_ts > tx.now) return null;
          return releaseGroup(tx, parts.blobs, g, g.start_ts, (state) => tx.repos.releaseGroups.claim(id, tx.now, state));
        },
        { readersSee: false },
      );
    } catch (e) {
      await removeCopies(ctx, parts, id);
      throw e;
    }
    if (out) await told(parts, out);
    return out;
  },
};

/** Who the audit log names for the release job. */
const JOB: Actor = {
  kind: 'anonymous',
  id: null,
  name: 'release job',
  roles: [],
  languages: [],
  memberId: null,
  address: '',
  userAgent: '',
};

const summary = (g: ReleaseGroup) => ({ name: g.name, partial: g.partial, zones: g.zones, chapters: g.members.map((m) => m.chapterId) });

/** A release that did not happen leaves no image copies of its drafts behind. */
async function removeCopies(ctx: ConsoleCtx, parts: CatalogParts, id: number): Promise<void> {
  for (const m of await ctx.repos.releaseGroups.members(id))
    if (m.state === 'draft') await parts.blobs.removeFolder(`page/${m.chapter_id}`).catch(() => {});
}
