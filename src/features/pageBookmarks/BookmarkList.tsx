import { Link } from 'wouter';
import type { PageBookmark } from '../../../core/gen/manga/v1/sync_pb';
import { t } from '../../i18n';
import { saveResumePosition } from '../../lib/storage';
import { removeBookmark } from './pageBookmarks';
import { usePageBookmarks } from './usePageBookmarks';
import './pageBookmarks.css';

interface Props {
  titleId?: number;
  chapterId?: number;
  /** Jumps within the chapter on screen (the viewer); otherwise a bookmark opens its chapter at its page. */
  onJump?: ((b: PageBookmark) => void) | undefined;
  /** Whether each entry names its title (not on a title's own page). */
  showTitle?: boolean;
  heading: string;
}

/** A list of page bookmarks with their notes: each jumps to its page, and can be removed. */
export function BookmarkList({ titleId, chapterId, onJump, showTitle = true, heading }: Props) {
  const list = usePageBookmarks({ ...(titleId === undefined ? {} : { titleId }), ...(chapterId === undefined ? {} : { chapterId }) });
  return (
    <section className="page-bookmarks" aria-label={heading} data-testid="page-bookmarks">
      <h2 className="page-bookmarks__heading">{heading}</h2>
      {list.length === 0 ? (
        <p className="page-bookmarks__empty">{t('sync.bookmarksEmpty')}</p>
      ) : (
        <ul className="page-bookmarks__list">
          {list.map((b) => {
            const where = t('sync.bookmarkWhere', { chapter: b.chapterName, page: b.page, total: b.pageCount });
            const label = showTitle ? `${b.titleName} · ${where}` : where;
            return (
              <li key={`${b.chapterId}:${b.item}`} className="page-bookmarks__item" data-testid="page-bookmark">
                {onJump ? (
                  <button type="button" className="page-bookmarks__jump" onClick={() => onJump(b)}>
                    {label}
                  </button>
                ) : (
                  <Link
                    href={`/viewer/${b.chapterId}`}
                    className="page-bookmarks__jump"
                    onClick={() => saveResumePosition(b.chapterId, b.item)}
                  >
                    {label}
                  </Link>
                )}
                {b.note && <p className="page-bookmarks__note">{b.note}</p>}
                <button
                  type="button"
                  className="page-bookmarks__remove"
                  aria-label={t('sync.bookmarkRemoveNamed', { name: label })}
                  onClick={() => void removeBookmark(b)}
                >
                  {t('sync.bookmarkRemove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
