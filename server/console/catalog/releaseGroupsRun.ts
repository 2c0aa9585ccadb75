import type { ConsoleRepos } from '../../repos/console/index.js';
import type { ReleaseGroupRow } from '../../repos/console/releaseGroups.js';
import type { Blobs } from '../../images/blobs.js';
import type { WriteTx } from '../write.js';
import { isReady } from './releaseGroupsView.js';
import { release } from './releases.js';

/** The chapters a group's release put out (their `published` notices are the caller's, once written). */
export interface GroupOutcome {
  state: 'released' | 'held';
  released: { chapterId: number; titleId: number }[];
  /** The group the members without pages went to (split), else 0. */
  rest: number;
}

/**
 * A group's release, in the caller's write: members with pages go out at
 * `start` (the reader rows the reader's time then shows); members without
 * pages hold the whole group (`partial` block, or none ready) or move to a
 * group of their own, held (split). `claim` moves the group on first: only
 * one caller in the deployment gets past it (null for the others).
 */
export async function releaseGroup(
  tx: WriteTx,
  blobs: Blobs,
  g: ReleaseGroupRow,
  start: number,
  claim: (state: 'released' | 'held') => Promise<boolean>,
): Promise<GroupOutcome | null> {
  const { repos } = tx;
  const members = await repos.releaseGroups.members(g.id);
  const drafts = members.filter((m) => m.state === 'draft');
  const ready = drafts.filter(isReady);
  const missing = drafts.filter((m) => !isReady(m));
  const hold = missing.length > 0 && (g.partial !== 'split' || ready.length === 0);
  if (!(await claim(hold ? 'held' : 'released'))) return null;
  const before = { state: g.state, startAt: g.start_ts };
  if (hold) {
    await tx.audit({
      action: 'release-group.held',
      target: `release-group:${g.id}`,
      before,
      after: { state: 'held', missing: ids(missing) },
    });
    return { state: 'held', released: [], rest: 0 };
  }
  for (const m of ready) await releaseMember(repos, blobs, m.chapter_id, start, g.end_ts);
  let rest = 0;
  if (missing.length) rest = await splitOff(tx, g, ids(missing));
  await tx.audit({
    action: 'release-group.release',
    target: `release-group:${g.id}`,
    before,
    after: { state: 'released', startAt: start, chapters: ids(ready), ...(rest ? { rest } : {}) },
  });
  return { state: 'released', released: ready.map((m) => ({ chapterId: m.chapter_id, titleId: m.title_id })), rest };
}

const ids = (ms: { chapter_id: number }[]) => ms.map((m) => m.chapter_id);

async function releaseMember(repos: ConsoleRepos, blobs: Blobs, id: number, start: number, end: number): Promise<void> {
  const c = (await repos.chapters.row(id))!;
  await repos.chapters.bump(c.id, c.version);
  await release(repos, blobs, c, start, end);
}

/** The members without pages leave the group for one of their own, held at the same time, to be scheduled again. */
async function splitOff(tx: WriteTx, g: ReleaseGroupRow, missing: number[]): Promise<number> {
  const id = await tx.repos.releaseGroups.add({
    series_id: g.series_id,
    name: g.name,
    state: 'held',
    start_ts: g.start_ts,
    end_ts: g.end_ts,
    partial: g.partial,
    zones: g.zones,
    split_from: g.id,
    released_at: 0,
    version: 0,
    created_at: tx.now,
  });
  await tx.repos.releaseGroups.removeMembers(g.id, missing);
  await tx.repos.releaseGroups.setMembers(id, missing);
  await tx.audit({ action: 'release-group.split', target: `release-group:${id}`, after: { splitFrom: g.id, chapters: missing } });
  return id;
}
