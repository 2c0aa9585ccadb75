/**
 * The release group screens' calls (core/console/routes/releaseGroups.ts):
 * the group as it is now, its making, its time, its partial-readiness
 * choice, release now and cancel. Every write carries the version the editor read.
 */
import type { Partial, ReleaseGroup, ReleaseGroupCreate } from '../../../core/console/schemas/releaseGroups';
import { call } from '../../api/call';

type At = Pick<ReleaseGroup, 'id' | 'version'>;

export const readGroup = (id: number) => call('GET /release-groups/:id', { params: { id } });

export const makeGroup = (body: ReleaseGroupCreate) => call('POST /release-groups', { body });

export const scheduleGroup = (g: At, startAt: number, endAt: number) =>
  call('PUT /release-groups/:id/schedule', { params: { id: g.id }, body: { startAt, endAt, version: g.version } });

export const choosePartial = (g: At, partial: Partial) =>
  call('PATCH /release-groups/:id', { params: { id: g.id }, body: { partial, version: g.version } });

export const releaseGroupNow = (g: At) => call('POST /release-groups/:id/now', { params: { id: g.id }, body: { version: g.version } });

export const cancelGroup = (g: At) => call('POST /release-groups/:id/cancel', { params: { id: g.id }, body: { version: g.version } });

/** The chapter's series: each language title and its drafts (the making form's choices). */
export async function draftsOfSeries(chapterId: number) {
  const chapter = await call('GET /chapters/:id', { params: { id: chapterId } });
  const title = await call('GET /catalog/titles/:id', { params: { id: chapter.titleId } });
  const series = await call('GET /series/:id', { params: { id: title.seriesId } });
  const titles = await Promise.all(
    series.titles.map(async (t) => ({
      titleId: t.id,
      language: t.language,
      name: t.name,
      drafts: (await call('GET /chapters', { query: { titleId: t.id } })).chapters.filter((c) => c.state === 'draft'),
    })),
  );
  return { chapter, titles };
}
