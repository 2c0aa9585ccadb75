import { useLocation } from 'wouter';
import type { Resolution } from '../../../core/viewer/imageQuality';
import type { ViewerMode } from '../../../core/viewer/viewerMode';
import type { ReaderSettings } from '../../../core/viewer/readerSettings';
import type { ReaderSettingsEvent } from '../../../machines/readerSettingsMachine';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { t } from '../../i18n';
import { byLanguage } from '../../../core/languages';
import { Modal } from '../../ui/Modal';
import { ShareButtons } from '../../ui/ShareButtons';
import { ReaderSettingsFields } from './ReaderSettingsFields';
import './viewerMenus.css';
import { BookmarkList } from '../../features/pageBookmarks/BookmarkList';

interface Props {
  viewer: MangaViewer;
  open: 'settings' | 'language' | 'chapters' | null;
  onClose: () => void;
  mode: ViewerMode;
  onMode: (m: ViewerMode) => void;
  resolution: Resolution;
  onResolution: (r: Resolution) => void;
  settings: ReaderSettings;
  onSetting: (e: ReaderSettingsEvent) => void;
  /** Goes to a page bookmark's item in this chapter. */
  onJumpItem?: (item: number) => void;
}

const RESOLUTIONS: { value: Resolution; label: string }[] = [
  { value: 'low', label: 'viewer.resolutionLow' },
  { value: 'medium', label: 'viewer.resolutionMedium' },
  { value: 'high', label: 'viewer.resolutionHigh' },
];

/** Settings modal (with the reader settings), language modal and chapter side menu (one at a time: the menus machine). */
export function ViewerMenus({ viewer, open, onClose, mode, onMode, resolution, onResolution, settings, onSetting, onJumpItem }: Props) {
  return (
    <>
      <SettingsModal
        viewer={viewer}
        open={open}
        onClose={onClose}
        mode={mode}
        onMode={onMode}
        resolution={resolution}
        onResolution={onResolution}
        settings={settings}
        onSetting={onSetting}
      />
      <LanguageModal viewer={viewer} open={open} onClose={onClose} />
      {open === 'chapters' && <ChapterMenu viewer={viewer} onClose={onClose} onJumpItem={onJumpItem} />}
    </>
  );
}

/** The image resolution, the reading direction, the reader settings and sharing. */
function SettingsModal({ viewer, open, onClose, mode, onMode, resolution, onResolution, settings, onSetting }: Omit<Props, 'onJumpItem'>) {
  const shareUrl = viewer.sns?.url || `${window.location.origin}/viewer/${viewer.chapterId}`;
  const shareText = viewer.sns?.body || `${viewer.titleName} ${viewer.chapterName}`;
  return (
    <Modal open={open === 'settings'} onClose={onClose} title={t('viewer.settings')} className="viewer-modal">
      <fieldset className="viewer-options" data-testid="viewer-resolution">
        <legend>{t('viewer.resolution')}</legend>
        {RESOLUTIONS.map((r) => (
          <label key={r.value} className="viewer-option">
            <input
              type="radio"
              name="viewer-resolution"
              value={r.value}
              checked={resolution === r.value}
              onChange={() => onResolution(r.value)}
            />
            {t(r.label)}
          </label>
        ))}
      </fieldset>
      <DirectionFields viewer={viewer} mode={mode} onMode={onMode} />
      <ReaderSettingsFields settings={settings} mode={mode} onSetting={onSetting} />
      <div className="viewer-options">
        <p className="viewer-options__label">{t('viewer.share')}</p>
        <ShareButtons url={shareUrl} text={shareText} />
      </div>
    </Modal>
  );
}

/** Vertical or horizontal, unless the chapter allows only one. */
function DirectionFields({ viewer, mode, onMode }: Pick<Props, 'viewer' | 'mode' | 'onMode'>) {
  return (
    <fieldset className="viewer-options" data-testid="viewer-direction">
      <legend>{t('viewer.direction')}</legend>
      <label className="viewer-option">
        <input
          type="radio"
          name="viewer-direction"
          value="vertical"
          checked={mode === 'vertical'}
          disabled={viewer.isHorizontalOnly}
          onChange={() => onMode('vertical')}
        />
        {t('viewer.vertical')}
      </label>
      <label className="viewer-option">
        <input
          type="radio"
          name="viewer-direction"
          value="horizontal"
          checked={mode === 'horizontal'}
          disabled={viewer.isVerticalOnly}
          onChange={() => onMode('horizontal')}
        />
        {t('viewer.horizontal')}
      </label>
    </fieldset>
  );
}

/** The title's other languages: choosing one opens that title. */
function LanguageModal({ viewer, open, onClose }: Pick<Props, 'viewer' | 'open' | 'onClose'>) {
  const [, navigate] = useLocation();
  return (
    <Modal open={open === 'language'} onClose={onClose} title={t('viewer.language')} className="viewer-modal">
      <fieldset className="viewer-options" data-testid="viewer-languages">
        <legend className="visually-hidden">{t('viewer.language')}</legend>
        {viewer.titleAvailableLanguages.map((l) => {
          const info = byLanguage(l.language);
          const current = l.titleId === viewer.titleId;
          return (
            <label key={`${l.titleId}-${l.language}`} className="viewer-option">
              <input
                type="radio"
                name="viewer-language"
                value={String(l.titleId)}
                checked={current}
                disabled={current}
                onChange={() => {
                  onClose();
                  navigate(`/titles/${l.titleId}`);
                }}
              />
              {info?.native ?? String(l.language)}
              {l.isNew && <span className="viewer-option__new">{t('viewer.new')}</span>}
            </label>
          );
        })}
      </fieldset>
      <p className="viewer-note">{t('viewer.languageNote')}</p>
    </Modal>
  );
}

/** The title's chapters and this chapter's page bookmarks, in a side menu. */
function ChapterMenu({ viewer, onClose, onJumpItem }: Pick<Props, 'viewer' | 'onClose'> & { onJumpItem: Props['onJumpItem'] | undefined }) {
  const [, navigate] = useLocation();
  return (
    <div className="viewer-side__backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <nav className="viewer-side" aria-label={t('viewer.chapters')} data-testid="viewer-chapter-menu">
        <header className="viewer-side__header">
          <h2>{t('viewer.chapters')}</h2>
          <button type="button" className="viewer__icon" aria-label={t('viewer.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <ol className="viewer-side__list">
          {viewer.chapters.map((c) => (
            <li key={c.chapterId}>
              <button
                type="button"
                className={`viewer-side__item ${c.chapterId === viewer.chapterId ? 'is-current' : ''}`}
                aria-current={c.chapterId === viewer.chapterId ? 'page' : undefined}
                onClick={() => {
                  onClose();
                  if (c.chapterId !== viewer.chapterId) navigate(`/viewer/${c.chapterId}`);
                }}
              >
                <span className="viewer-side__name">{c.name}</span>
                {c.subTitle && <span className="viewer-side__sub">{c.subTitle}</span>}
              </button>
            </li>
          ))}
        </ol>
        {/* The chapter's page bookmarks */}
        <BookmarkList
          chapterId={viewer.chapterId}
          showTitle={false}
          heading={t('sync.bookmarksChapter')}
          onJump={onJumpItem && ((b) => onJumpItem(b.item))}
        />
        <p className="viewer-note">{t('viewer.spoiler')}</p>
        <p className="viewer-note">{t('viewer.region')}</p>
      </nav>
    </div>
  );
}
