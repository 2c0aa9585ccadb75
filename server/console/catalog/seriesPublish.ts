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
