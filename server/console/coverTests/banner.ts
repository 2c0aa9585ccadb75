import type { ConsoleRepos } from '../../repos/console/index.js';
import type { CoverTestRow } from '../../repos/console/coverTests.js';
import type { BannerRow } from '../../repos/promo.js';
import { imagesOf } from '../../repos/coverTests.js';
import { BANNER_SIZES } from '../../images/assets.js';
import type { ArtStore } from '../home/images.js';
import type { WriteTx } from '../write.js';
import { problems } from '../problems.js';

/**
 * Banner tests (issue 48, migration 0025): a home banner's image against up
 * to two others, as a title's cover is tested. Only the home's top banners
 * (what the home answer shows every visitor) are tested. Variant 0 is the
 * banner as it is, its per-language images included; another variant is
 * shown in every language the banner targets, and when it wins it becomes
 * the banner's image and its per-language images are dropped, so every
 * language sees what was tested.
 */
const TESTED_PLACEMENT = 'home_top';

/** The title a banner leads to: its own, else the title or chapter its action opens (0: none). */
async function titleOfBanner(repos: ConsoleRepos, b: BannerRow): Promise<number> {
  if (b.title_id) return b.title_id;
  const m = /^mangaplus:\/\/open\/(detail|viewer)\?id=(\d+)$/.exec(b.action_url);
  if (!m) return 0;
  return m[1] === 'detail' ? Number(m[2]) : repos.published.titleOfChapter(Number(m[2]));
}

/** The banner a new test is of, checked: a home banner, in no other open test. Its title and current image. */
export async function bannerToTest(repos: ConsoleRepos, bannerId: number): Promise<{ titleId: number; image: string }> {
  const b = await repos.banners.byId(bannerId);
  if (!b) throw problems.notFound(`No banner ${bannerId}.`);
  if (b.placement !== TESTED_PLACEMENT)
    throw problems.validation(
      [{ path: '/body/bannerId', message: `is not a ${TESTED_PLACEMENT} banner` }],
      'Only home banners are tested.',
    );
  if (await repos.coverTests.openOfBanner(bannerId)) throw problems.wrongState('This banner is in a test already.');
  return { titleId: await titleOfBanner(repos, b), image: b.image_url };
}

/** Stores an uploaded variant of a banner test as the banner's own images are stored (at its placement's size). */
export async function storeBannerVariant(repos: ConsoleRepos, store: ArtStore, row: CoverTestRow, data: Buffer): Promise<string> {
  const b = await repos.banners.byId(row.banner_id);
  if (!b) throw problems.notFound(`No banner ${row.banner_id}.`);
  return store(b.id, data, BANNER_SIZES[b.placement] ?? { width: b.width, height: b.height });
}

/** The winner becomes the banner's image in every language (at the banner's version read in the write); variant 0 changes nothing. */
export async function applyBannerWinner(tx: WriteTx, row: CoverTestRow, winner: number): Promise<void> {
  const url = imagesOf(row.images)[winner];
  if (winner <= 0 || !url) return;
  const b = await tx.repos.banners.byId(row.banner_id);
  if (!b) return;
  if ((await tx.repos.banners.update(b.id, Number(b.version), { image_url: url, images: '{}' })) !== 1) throw problems.conflict();
  await tx.audit({
    action: 'banner.image',
    target: `banner:${b.id}`,
    before: { image: b.image_url, images: b.images },
    after: { image: url, images: '{}' },
  });
}
