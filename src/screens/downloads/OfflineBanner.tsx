import { useSyncExternalStore } from 'react';
import { t } from '../../i18n';
import './downloads.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** "You are offline" while the browser says so (navigator.onLine); nothing online and on the server. */
export function OfflineBanner() {
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  if (!offline) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {t('downloads.offline')}{' '}
      <a href="/downloads" className="offline-banner__link">
        {t('downloads.menu')}
      </a>
    </p>
  );
}
