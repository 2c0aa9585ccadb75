import type { Chapter } from '../../../core/console/schemas/catalog';
import type { ChapterChange } from '../../../machines/console/chapterLifecycleMachine';
import { call } from '../../api/call';
import { ConsoleProblem } from '../../api/client';
import type { DateClock } from '../../../core/clock';
import { every } from '../../../web/clock';

/**
 * Follows a chapter's processing job (issue 31: pages are made off the
 * request): reads the chapter every second until the job is done or failed.
 * Returns the stop.
 */
export function followJob(
  clock: DateClock,
  chapterId: number,
  on: { progress(done: number, total: number): void; done(c: Chapter): void; failed(code: string): void },
): () => void {
  let busy = false;
  const stop = every(clock, 1000, () => {
    if (busy) return;
    busy = true;
    call('GET /chapters/:id', { params: { id: chapterId } }).then(
      (c) => {
        busy = false;
        if (c.job.state === 'done' || c.job.state === 'idle') on.done(c);
        else if (c.job.state === 'failed') on.failed(c.job.error?.code ?? 'failed');
        else on.progress(c.job.done, c.job.total);
      },
      // A poll that fails (a moment offline) is asked again on the next tick.
      () => {
        busy = false;
      },
    );
  });
  return stop;
}

const FIELDS = ['name', 'subTitle', 'state', 'startAt', 'endAt', 'thumbnailPage'] as const;

/** What another editor changed: the fields that differ between what this screen read and the server's record now. */
export function changesOf(mine: Chapter, problem: unknown): ChapterChange[] {
  const current = problem instanceof ConsoleProblem ? (problem.current as Chapter | null) : null;
  if (!current) return [];
  const out: ChapterChange[] = FIELDS.filter((f) => mine[f] !== current[f]).map((f) => ({ field: f, before: mine[f], after: current[f] }));
  const order = (c: Chapter) => c.pages.map((p) => `${p.id}:${p.type}`).join(',');
  if (order(mine) !== order(current)) out.push({ field: 'pages', before: mine.pages.length, after: current.pages.length });
  return out;
}
