import { winnerByShare } from '../../../core/console/coverTests.js';
import { imagesOf } from '../../repos/coverTests.js';
import { coverTestFigures, measured } from '../../stats/coverTests.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { auditShape, measureOf } from './view.js';
import { applyWinner } from './winner.js';

/** Who the audit log names for the period's end. */
const JOB: Actor = {
  kind: 'anonymous',
  id: null,
  name: 'cover test job',
  roles: [],
  languages: [],
  memberId: null,
  address: '',
  userAgent: '',
};

/**
 * The end of a test's period: the winner by reading share (tap share for a
 * banner with no title; a tie: the current image), made the title's (or
 * the banner's) image. Every node's timer may call
 * it; the claim (a conditional update of the state) lets one through, so
 * it happens once for the deployment. Whether this call ended it.
 */
export async function endDue(ctx: ConsoleCtx, id: number): Promise<boolean> {
  const row = await ctx.repos.coverTests.row(id);
  const now = ctx.clock.nowSec();
  if (!row || row.state !== 'running' || Number(row.ends_at) > now) return false;
  const measure = measureOf(row);
  const figures = await coverTestFigures(ctx.db, id, imagesOf(row.images).length, Number(row.starts_at), Number(row.ends_at), measure);
  const winner = winnerByShare(figures.variants.map((v) => measured(v, measure)));
  return audited(ctx, JOB, async (tx) => {
    if (!(await tx.repos.coverTests.claimEnd(id, tx.now, winner))) return false;
    await applyWinner(tx, row, winner);
    await tx.audit({
      action: 'cover-test.end',
      target: `cover-test:${id}`,
      before: auditShape(row),
      after: {
        ...auditShape((await tx.repos.coverTests.row(id))!),
        by: 'period',
        measure,
        shares: figures.variants.map((v) => (measure === 'taps' ? v.tapShare : v.share)),
      },
    });
    return true;
  });
}
