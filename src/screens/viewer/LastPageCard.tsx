import { useState } from 'react';
import { Link } from 'wouter';
import { track } from '../../analytics';
import { call } from '../../api/client';
import { getPushToken } from '../../lib/push';
import type { LastPage, MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { locale, t } from '../../i18n';
import { storedServiceLang } from '../../lib/storage';
import { storeLink } from '../../ui/AppInstallBanner';
import { isNextChapterOut } from '../../viewer/session/chapterLayout';

/**
 * The last page: next chapter (name, thumbnail; a link once it is out, else
 * its release time from nextTimeStamp in the reader's locale), the favorite toggle whose state lives on the last-page
 * object, the comments button and the app-install link.
 */
export function LastPageCard({ last, viewer }: { last: LastPage; viewer: MangaViewer }) {
  const [subscribed, setSubscribed] = useState(last.isSubscribed);
  const [busy, setBusy] = useState(false);
  const next = last.nextChapter;
  // Whether the next chapter is out, as of when the end page came up (a release passing meanwhile shows on the next visit).
  const [out] = useState(() => isNextChapterOut(last, Date.now()));

  const toggleFavorite = async () => {
    setBusy(true);
    try {
      if (subscribed) {
        await call('/title_list/bookmark', { method: 'DELETE', query: { title_id: viewer.titleId } });
      } else {
        const token = await getPushToken().catch(() => null);
        await call('/title_list/bookmark', {
          method: 'PUT',
          query: { title_id: viewer.titleId, ...(token ? { push_token: token, lang: storedServiceLang() } : {}) },
        });
      }
      setSubscribed(!subscribed);
      track(subscribed ? 'unfavorite' : 'favorite', { title_id: viewer.titleId, location: 'viewer' });
    } catch {
      // The toggle keeps its previous state; the reader can try again.
    } finally {
      setBusy(false);
    }
  };

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
        <button
          type="button"
          className={`viewer__button ${subscribed ? 'is-on' : ''}`}
          aria-pressed={subscribed}
          aria-busy={busy}
          disabled={busy}
          onClick={() => void toggleFavorite()}
          data-testid="viewer-favorite"
        >
          {busy ? t('viewer.loading') : t(subscribed ? 'viewer.favorited' : 'viewer.favorite')}
        </button>
        <Link href={`/comments/${viewer.chapterId}`} className="viewer__button" data-testid="viewer-comments-button">
          {t('viewer.commentsButton', { n: viewer.numberOfComments })}
        </Link>
      </div>
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
