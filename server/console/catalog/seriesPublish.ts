import type { Series, SeriesPublish } from '../../../core/console/schemas/catalog.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';
import { seriesById } from './seriesRows.js';

/**
 * Publishing a series before its first chapter: its draft titles go to
 * readers together, each with a "coming soon" page (the date and the
 * schedule text the editor gave). At the series' version the editor read;
 * audited; every node told, since readers see it now.
 */
export async function publishSeries(ctx: ConsoleCtx, actor: Actor, id: number, b: SeriesPublish): Promise<Series> {
  const before = await seriesById(ctx.repos, id, ctx.clock.nowSec());
  if (!before) throw problems.notFound('No such series.');
  const drafts = before.titles.filter((t) => t.readers === 'draft');
  if (drafts.length === 0)
    throw problems.validation([{ path: '/params/id', message: 'has no draft title' }], 'Readers already see every title of this series.');
  if (b.soonAt <= ctx.clock.nowSec())
    throw problems.validation([{ path: '/body/soonAt', message: 'is not in the future' }], 'The coming-soon date must be in the future.');
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    if ((await repos.series.update(id, b.version, {})) !== 1) throw problems.conflictWith(await seriesById(repos, id, now));
    for (const t of drafts) await repos.titles.publishSoon(t.id, b.soonAt, b.soonText);
    const after = (await seriesById(repos, id, now))!;
    await audit({
      action: 'series.publish',
      target: `series:${id}`,
      before: { titles: drafts.map((t) => ({ id: t.id, readers: t.readers })) },
      after: { soonAt: b.soonAt, soonText: b.soonText, titles: drafts.map((t) => t.id) },
    });
    return after;
  });
}

/**
 * Taking a coming-soon series back to draft: its coming-soon titles leave the
 * reader's lists together (their date and schedule text cleared), while no
 * title of the series has a released chapter (then readers have read it: a
 * 409 `wrong-state`). Checked in the write's transaction, at the version the
 * editor read; audited; every node told, since readers stop seeing it.
 */
export async function unpublishSeries(ctx: ConsoleCtx, actor: Actor, id: number, version: number): Promise<Series> {
  if (!(await seriesById(ctx.repos, id, ctx.clock.nowSec()))) throw problems.notFound('No such series.');
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    if ((await repos.series.update(id, version, {})) !== 1) throw problems.conflictWith(await seriesById(repos, id, now));
    const before = (await seriesById(repos, id, now))!;
    if (before.titles.some((t) => t.readers === 'live'))
      throw problems.wrongState('A chapter of this series is released: readers see it, so it cannot go back to draft.');
    const soon = before.titles.filter((t) => t.readers === 'soon');
    if (soon.length === 0)
      throw problems.validation([{ path: '/params/id', message: 'has no coming-soon title' }], 'No title of this series is coming soon.');
    for (const t of soon) await repos.titles.backToDraft(t.id);
    const after = (await seriesById(repos, id, now))!;
    await audit({
      action: 'series.unpublish',
      target: `series:${id}`,
      before: { titles: soon.map((t) => ({ id: t.id, readers: t.readers, soonAt: t.soonAt, soonText: t.soonText })) },
      after: { titles: soon.map((t) => t.id) },
    });
    return after;
  });
}
