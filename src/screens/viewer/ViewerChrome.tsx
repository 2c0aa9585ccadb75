import { SaveForOffline } from '../downloads/SaveForOffline';
import { Link } from 'wouter';
import type { ViewerMenu } from '../../../machines/viewerMenusMachine';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { locale, t } from '../../i18n';
import { abbreviateCount } from '../../lib/counts';
import { useFullscreen } from './fullscreen';
import { ProfileSwitcher } from './ProfileSwitcher';
import type { CounterPages } from '../../../core/viewer/pageCounter';
import { PageSlider } from './PageSlider';
import { ThumbStrip } from './ThumbStrip';
import { usePageThumbs, type ThumbSpreads } from './usePageThumbs';

interface Props {
  viewer: MangaViewer;
  visible: boolean;
  index: number;
  count: number;
  /** What the counter shows at each spread: pages, not the items inserted among them. */
  pages: (CounterPages | null)[];
  rtl: boolean;
  reloading: boolean;
  /** The spreads' pages, for the page thumbnails (usePageThumbs.ts). */
  thumbSpreads: ThumbSpreads;
  onGoto: (i: number) => void;
  onMenu: (m: ViewerMenu) => void;
  /** Keeps the bars up while a menu of the header's own is open (the reading profiles). */
  onHoldBar?: (() => void) | undefined;
}

/** Header (logo, title, chapter, language, settings) and footer (slider, counter, comments, fullscreen). */
export function ViewerChrome({ viewer, visible, index, count, pages, rtl, reloading, thumbSpreads, onGoto, onMenu, onHoldBar }: Props) {
  return (
    <>
      <ViewerHeader viewer={viewer} visible={visible} onMenu={onMenu} onHoldBar={onHoldBar} />
      <ViewerFooter
        viewer={viewer}
        visible={visible}
        index={index}
        count={count}
        pages={pages}
        rtl={rtl}
        reloading={reloading}
        thumbSpreads={thumbSpreads}
        onGoto={onGoto}
      />
    </>
  );
}

/** The logo, the title's link, the chapter's menu, the reading profile, the language and the settings. */
function ViewerHeader({ viewer, visible, onMenu, onHoldBar }: Pick<Props, 'viewer' | 'visible' | 'onMenu' | 'onHoldBar'>) {
  return (
    <header className={`viewer__header ${visible ? '' : 'is-hidden'}`} data-testid="viewer-header" aria-hidden={!visible}>
      <Link href="/updates" className="viewer__logo" aria-label={t('viewer.home')}>
        <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
          <rect x="3" y="5" width="12" height="22" rx="2" fill="#e63946" />
          <rect x="17" y="5" width="12" height="22" rx="2" fill="#f1faee" />
        </svg>
      </Link>
      <div className="viewer__titles">
        <Link href={`/titles/${viewer.titleId}`} className="viewer__title" data-testid="viewer-title-link">
          {viewer.titleName}
        </Link>
        <button
          type="button"
          className="viewer__chapter"
          onClick={() => onMenu('chapters')}
          aria-haspopup="dialog"
          data-testid="viewer-chapter-button"
        >
          {viewer.chapterName}
          {/* Drawn, not a character: "▾" is missing from many fonts (a box in the header). */}
          <svg className="viewer__chapter-caret" viewBox="0 0 10 10" width="10" height="10" aria-hidden="true">
            <path fill="currentColor" d="M1 3h8L5 8z" />
          </svg>
        </button>
      </div>
      <ProfileSwitcher onOpen={onHoldBar} />
      <button
        type="button"
        className="viewer__icon"
        onClick={() => onMenu('language')}
        aria-label={t('viewer.language')}
        data-testid="viewer-language-button"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-3a15.6 15.6 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h3a15.6 15.6 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zm3-8h-3a8 8 0 0 1 4.4-3.6A15.6 15.6 0 0 0 8.1 8zM12 20a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6a15.6 15.6 0 0 0 1.4-3.6h3a8 8 0 0 1-4.4 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z"
          />
        </svg>
      </button>
      <button
        type="button"
        className="viewer__icon"
        onClick={() => onMenu('settings')}
        aria-label={t('viewer.settings')}
        data-testid="viewer-settings-button"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.4-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.3h-4l-.4 2.7a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.4L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.4 2.5-1a7.6 7.6 0 0 0 1.7 1l.4 2.7h4l.4-2.7a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.4zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
          />
        </svg>
      </button>
    </header>
  );
}

/** The page counter, the slider with its page thumbnails, the strip of every page, comments, saving and fullscreen. */
function ViewerFooter({ viewer, visible, index, count, pages, rtl, reloading, thumbSpreads, onGoto }: Omit<Props, 'onMenu' | 'onHoldBar'>) {
  const sheets = usePageThumbs(viewer);
  return (
    <footer className={`viewer__footer ${visible ? '' : 'is-hidden'}`} data-testid="viewer-footer" aria-hidden={!visible}>
      <PageSlider index={index} count={count} pages={pages} slotPages={thumbSpreads.slotPages} rtl={rtl} sheets={sheets} onGoto={onGoto} />
      {sheets && thumbSpreads.entries.length > 0 && (
        <ThumbStrip
          key={sheets.thumbs.sheets[0]?.url}
          sheets={sheets}
          entries={thumbSpreads.entries}
          index={index}
          rtl={rtl}
          onGoto={onGoto}
        />
      )}
      <CommentsBadge viewer={viewer} />
      <SaveForOffline chapterId={viewer.chapterId} name={`${viewer.titleName} ${viewer.chapterName}`} compact />
      <FullscreenButton />
      {reloading && <span className="viewer__spinner" aria-label={t('viewer.loading')} />}
    </footer>
  );
}

/** The chapter's comments, with their count. */
function CommentsBadge({ viewer }: Pick<Props, 'viewer'>) {
  return (
    <Link
      href={`/comments/${viewer.chapterId}`}
      className="viewer__comments"
      data-testid="viewer-comments-badge"
      aria-label={`${t('viewer.comments')} ${abbreviateCount(viewer.numberOfComments, locale())}`}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
      </svg>
      <span className="viewer__badge">{abbreviateCount(viewer.numberOfComments, locale())}</span>
    </Link>
  );
}

/** Fullscreen on and off, offered only where it works: not in Safari on an iPhone (./fullscreen.ts). */
function FullscreenButton() {
  const { available: canFull, on: full, toggle: toggleFull } = useFullscreen();
  if (!canFull) return null;
  return (
    <button
      type="button"
      className="viewer__icon"
      onClick={toggleFull}
      aria-pressed={full}
      aria-label={t(full ? 'viewer.exitFullscreen' : 'viewer.fullscreen')}
      data-testid="viewer-fullscreen"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d={
            full
              ? 'M8 3v5H3v2h7V3zm8 0h-2v7h7V8h-5zM3 14v2h5v5h2v-7zm11 0v7h2v-5h5v-2z'
              : 'M3 3h7v2H5v5H3zm11 0h7v7h-2V5h-5zM3 14h2v5h5v2H3zm16 0h2v7h-7v-2h5z'
          }
        />
      </svg>
    </button>
  );
}
