import { create } from '@bufbuild/protobuf';
import { PageSchema, type Page, type PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { CommentSchema, type Comment } from '../../core/gen/manga/v1/comment_pb.js';
import type { PageRow } from '../repos/chapters.js';
import type { CommentRow } from '../repos/comments.js';
import type { BannerRow } from '../repos/promo.js';
import { pageSize, pageUrl, type Quality } from '../images/urls.js';
import { bannerIn } from './convert.js';

/** The pieces of the viewer's answer that are rows turned into messages (server/services/viewer.ts). */

interface PageOptions {
  /** Banners of the insert page in the middle of the art, and of the list page after it. */
  insert: BannerRow[];
  list: BannerRow[];
  language: number;
  chapterId: number;
  q: Quality;
  base: string;
  adUnitId: string;
}

/**
 * The chapter's pages at the asked quality, the insert-banner page in the
 * middle (of four pages or more), then an advertisement page and the
 * banner-list page; the last page is the visitor's (viewer.ts).
 */
export function viewerPages(rows: PageRow[], o: PageOptions): Page[] {
  const pages: Page[] = rows.map((p) =>
    create(PageSchema, {
      data: {
        case: 'mangaPage',
        value: {
          imageUrl: pageUrl(o.base, o.chapterId, p.idx, o.q),
          ...pageSize(p.width, p.height, o.q),
          type: p.type as PageType,
          encryptionKey: p.encryption_key,
        },
      },
    }),
  );
  if (o.insert.length && pages.length >= 4) {
    const at = Math.floor(pages.length / 2);
    pages.splice(at, 0, create(PageSchema, { data: { case: 'insertBannerList', value: { banners: o.insert.map(bannerIn(o.language)) } } }));
  }
  pages.push(
    create(PageSchema, {
      data: {
        case: 'advertisement',
        value: { adNetworks: [{ network: { case: 'adsense', value: { unitId: o.adUnitId, location: 'viewer' } } }] },
      },
    }),
  );
  if (o.list.length)
    pages.push(
      create(PageSchema, {
        data: { case: 'bannerList', value: { bannerTitle: 'Recommended', banners: o.list.map(bannerIn(o.language)) } },
      }),
    );
  return pages;
}

/** A comment on the last page (its URLs still relative). */
export const commentMsg = (r: CommentRow): Comment =>
  create(CommentSchema, {
    id: r.id,
    index: r.idx,
    userName: r.user_name,
    iconUrl: r.icon_url,
    numberOfLikes: r.likes,
    body: r.body,
    created: r.created,
  });
