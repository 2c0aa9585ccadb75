import { t } from '../i18n';
import { track } from '../analytics';
import './ShareButtons.css';

function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

function xShareUrl(url: string, text: string): string {
  const q = new URLSearchParams({ text, url });
  return `https://x.com/intent/tweet?${q.toString()}`;
}

/** Facebook and X share links (000 §2 title detail, viewer settings). */
export function ShareButtons({ url, text }: { url: string; text: string }) {
  return (
    <div className="share-buttons">
      <a
        className="share-button share-button--facebook"
        href={facebookShareUrl(url)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => track('share', { network: 'facebook', url })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z" />
        </svg>
        <span>{t('common.shareFacebook')}</span>
      </a>
      <a
        className="share-button share-button--x"
        href={xShareUrl(url, text)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => track('share', { network: 'x', url })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z"
          />
        </svg>
        <span>{t('common.shareX')}</span>
      </a>
    </div>
  );
}
