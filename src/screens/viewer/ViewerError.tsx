import { Link } from 'wouter';
import { ApiCallError } from '../../api/client';
import { t } from '../../i18n';
import { previewToken } from '../../viewer/api';
import './viewerPages.css';

/** A chapter the server refuses for good (not found, not out yet or no longer readable): retrying gives the same answer. */
function isFinal(e: unknown): boolean {
  return e instanceof ApiCallError && (e.status === 403 || e.status === 404);
}

/**
 * The viewer's page when a chapter could not be loaded (after the alert the
 * documents ask for): a header with the logo and the title, the reason, and
 * a way back: the title page when the title is known (the reader came from
 * one of its chapters), home, and Retry only where retrying can help (a
 * network or server failure, not a chapter that cannot be read). Opened from
 * a console preview link, a refusal is the link's: it expired (or
 * is not one, or the draft is gone), and the way on is back to the console.
 */
export function ViewerError({
  error,
  chapterId,
  titleId,
  titleName,
  onRetry,
}: {
  error: unknown;
  chapterId: number;
  titleId: number | undefined;
  titleName: string | undefined;
  onRetry: () => void;
}) {
  const final = isFinal(error);
  const preview = final && previewToken() !== null;
  return (
    <div className="viewer-error" data-testid="viewer-error">
      <header className="viewer-error__header">
        <Link href="/updates" className="viewer__logo" aria-label={t('viewer.home')}>
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect x="3" y="5" width="12" height="22" rx="2" fill="#e63946" />
            <rect x="17" y="5" width="12" height="22" rx="2" fill="#f1faee" />
          </svg>
        </Link>
        {titleId ? (
          <Link href={`/titles/${titleId}`} className="viewer__title">
            {titleName}
          </Link>
        ) : (
          <Link href="/updates" className="viewer__title">
            {t('common.appName')}
          </Link>
        )}
      </header>
      <div className="viewer__status" role="alert">
        <p className="viewer-error__text">{t(preview ? 'viewer.previewExpired' : final ? 'viewer.unavailable' : 'viewer.loadError')}</p>
        <div className="viewer-error__actions">
          {!final && (
            <button type="button" className="viewer__button is-on" onClick={onRetry} data-testid="viewer-retry">
              {t('viewer.retry')}
            </button>
          )}
          {preview ? (
            // The console is an app of its own: a plain link, not the reader's router.
            <a href={`/console/chapters/${chapterId}`} className="viewer__button is-on" data-testid="viewer-back-console">
              {t('viewer.backToConsole')}
            </a>
          ) : null}
          {titleId ? (
            <Link href={`/titles/${titleId}`} className="viewer__button" data-testid="viewer-back-title">
              {t('viewer.backToTitle')}
            </Link>
          ) : null}
          <Link href="/updates" className="viewer__button" data-testid="viewer-back-home">
            {t('viewer.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
