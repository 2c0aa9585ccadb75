import { useState } from 'react';
import { Link } from 'wouter';
import { track } from '../../analytics';
import { favoriteChoice, markFavoritesStale } from '../../features/favorites/favorites';
import { useFavoriteToggle } from '../../features/favorites/useFavoriteToggle';
import type { LastPage, MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { locale, t } from '../../i18n';
import { storeLink } from '../../ui/AppInstallBanner';
import { isNextChapterOut } from '../../viewer/session/chapterLayout';

/**
 * The end page's favorite button, driven by favoriteToggleMachine as on
 * title detail: LOADING (disabled) while the call runs, a failure shown
 * (dismissable) with the button back as it was, and once saved the choice
 * marked (src/features/favorites/favorites.ts) so the end page shown again, or the next
 * chapter's, starts from it rather than from the answer loaded earlier.
 */
function useFavoriteButton(titleId: number, loaded: boolean) {
  const fav = useFavoriteToggle(titleId, favoriteChoice(titleId, loaded), (subscribed) => {
    markFavoritesStale(titleId, subscribed);
    track(subscribed ? 'favorite' : 'unfavorite', { title_id: titleId, location: 'viewer' });
  });
  return {
    button: (
      <button
        type="button"
        className={`viewer__button ${fav.on ? 'is-on' : ''}`}
        aria-pressed={fav.on}
        aria-busy={fav.busy}
        disabled={fav.busy}
        onClick={fav.toggle}
        data-testid="viewer-favorite"
      >
        {fav.busy ? t('viewer.loading') : t(fav.on ? 'viewer.favorited' : 'viewer.favorite')}
      </button>
    ),
    error: fav.error ? (
      <p className="viewer-note viewer-last__error" role="alert">
        {fav.error}{' '}
        <button type="button" className="viewer__icon" aria-label={t('viewer.close')} onClick={fav.dismissError}>
          ×
        </button>
      </p>
    ) : null,
  };
}

/**
 * The last page: next chapter (name, thumbnail; a link once it is out, else
 * its release time from nextTimeStamp in the reader's locale), the favorite
 * button (useFavoriteButton), the comments link and the app-install link.
 */
export function LastPageCard({ last, viewer }: { last: LastPage; viewer: MangaViewer }) {
  const next = last.nextChapter;
  // Whether the next chapter is out, as of when the end page came up (a release passing meanwhile shows on the next visit).
  const [out] = useState(() => isNextChapterOut(last, Date.now()));
  const favorite = useFavoriteButton(viewer.titleId, last.isSubscribed);

  const release =
    last.nextTimeStamp > 0
      ? new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(last.nextTimeStamp * 1000))
      : '';
  const nextInfo = next && (
    <>
      {next.thumbnailUrl && <img src={next.thumbnailUrl} alt="" className="viewer-last__thumb" draggable={false} />}
      <span>
        <span className="viewer-last__label">{t('viewer.nextChapter')}</span>
        <strong>{next.name}</strong>
        {next.subTitle && <span className="viewer-last__sub">{next.subTitle}</span>}
        {release && !out && (
          <span className="viewer-last__release" data-testid="viewer-next-release">
            {t('viewer.availableOn', { date: release })}
          </span>
        )}
      </span>
    </>
  );
  return (
    <section className="viewer-last" data-testid="viewer-last-page" data-interactive>
      <h3 className="viewer-last__heading">{viewer.titleName}</h3>
      <p className="viewer-last__chapter">{viewer.chapterName}</p>
      {!next || !next.chapterId ? (
        <p className="viewer-last__latest">{t('viewer.latestChapter')}</p>
      ) : out ? (
        <Link href={`/viewer/${next.chapterId}`} className="viewer-last__next" data-testid="viewer-next-chapter">
          {nextInfo}
        </Link>
      ) : (
        // Announced, not out: its release time, and no link (the chapter cannot be read yet).
        <div className="viewer-last__next viewer-last__next--upcoming" data-testid="viewer-next-upcoming">
          {nextInfo}
        </div>
      )}
      <div className="viewer-last__actions">
        {favorite.button}
        <Link href={`/comments/${viewer.chapterId}`} className="viewer__button" data-testid="viewer-comments-button">
          {t('viewer.commentsButton', { n: viewer.numberOfComments })}
        </Link>
      </div>
      {favorite.error}
      <a
        className="viewer-last__app"
        href={storeLink()}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => track('app_install_click', { location: 'viewer' })}
      >
        {t('viewer.appInstall')}
      </a>
      <p className="viewer-note">{t('viewer.spoiler')}</p>
      <p className="viewer-note">{t('viewer.region')}</p>
    </section>
  );
}
