import type { CoverTestRow } from '../../repos/console/coverTests.js';
import { imagesOf } from '../../repos/coverTests.js';
import type { WriteTx } from '../write.js';
import { problems } from '../problems.js';
import { SLOT_COLUMN } from './view.js';
import { applyBannerWinner } from './banner.js';

/**
 * The winner becomes the title's image, in the write that ends the test
 * (at the title's version as read inside it: the title's own editors'
 * changes are versioned too). The first variant, the title's own image,
 * changes nothing. A banner test's winner goes on its banner (./banner.ts).
 */
export async function applyWinner(tx: WriteTx, row: CoverTestRow, winner: number): Promise<void> {
  if (row.slot === 'banner') return applyBannerWinner(tx, row, winner);
  const url = imagesOf(row.images)[winner];
  if (winner <= 0 || !url) return;
  const title = await tx.repos.titles.row(row.title_id);
  if (!title) return;
  const column = SLOT_COLUMN[row.slot === 'landscape' ? 'landscape' : 'portrait'];
  if ((await tx.repos.titles.update(title.id, title.version, { [column]: url })) !== 1) throw problems.conflict();
  await tx.audit({ action: 'title.image', target: `title:${title.id}`, before: { [column]: title[column] }, after: { [column]: url } });
}
