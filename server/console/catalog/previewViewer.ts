import { create } from '@bufbuild/protobuf';
import { LastPageSchema, MangaViewerSchema, PageSchema, type MangaViewer, type PageType } from '../../../core/gen/manga/v1/viewer_pb.js';
import { ChapterSchema } from '../../../core/gen/manga/v1/title_pb.js';
import type { DB } from '../../db/index.js';
import { chapterPreviewsRepo } from '../../repos/console/chapterPreviews.js';
import { chaptersRepo } from '../../repos/console/chapters.js';
import { pagesRepo } from '../../repos/console/pages.js';
import { titlesRepo } from '../../repos/console/titles.js';
import { errors } from '../../lib/errors.js';
import { pageSize, type Quality } from '../../images/urls.js';
import { sha256 } from '../secrets.js';

/**
 * A draft chapter as the reader's own viewer reads it (issue 31: preview as
 * a reader): the MangaViewer answer of /api/manga_viewer?chapter_id=&preview=<token>,
 * given only for an unexpired preview link made for that very chapter; any
 * other link is refused as expired whatever the id (so it tells nothing of a
 * chapter), and without a link the reader's answer for a draft stands. Its
 * page images are the console's preview pages, served to a signed-in member
 * only, so the link alone shows no art.
 */
export async function previewViewer(db: DB, now: number, token: string, chapterId: number, q: Quality, base: string): Promise<MangaViewer> {
  // A reader's request: only the repositories it reads are made.
  const grant = await chapterPreviewsRepo(db).valid(sha256(token), now);
  // Unknown, expired or another chapter's: said as such (the viewer tells staff to make a new link), whatever the id.
  if (grant?.chapter_id !== chapterId) throw errors.previewExpired();
  const c = await chaptersRepo(db).row(chapterId);
  const t = c && (await titlesRepo(db).reading(c.title_id));
  if (!c || !t) throw errors.chapterNotFound(chapterId);
  const rows = await pagesRepo(db).ofChapter(c.id);
  const chapter = create(ChapterSchema, {
    titleId: c.title_id,
    chapterId: c.id,
    name: c.name,
    subTitle: c.sub_title,
    startTimeStamp: now,
    isVerticalOnly: t.viewer_mode === 'vertical',
    isHorizontalOnly: t.viewer_mode === 'horizontal',
  });
  const images = `${base}/console/api/preview/${encodeURIComponent(token)}/page`;
  return create(MangaViewerSchema, {
    chapterId: c.id,
    titleId: c.title_id,
    titleName: t.name,
    chapterName: c.name,
    startFromRight: t.start_from_right === 1,
    isVerticalOnly: t.viewer_mode === 'vertical',
    isHorizontalOnly: t.viewer_mode === 'horizontal',
    chapters: [chapter],
    pages: [
      ...rows.map((p, i) =>
        create(PageSchema, {
          data: {
            case: 'mangaPage',
            value: {
              imageUrl: `${images}/${i}/${q}.webp`,
              ...pageSize(p.width, p.height, q),
              type: p.type as PageType,
              encryptionKey: p.encryption_key,
            },
          },
        }),
      ),
      create(PageSchema, { data: { case: 'lastPage', value: create(LastPageSchema, { currentChapter: chapter }) } }),
    ],
  });
}
