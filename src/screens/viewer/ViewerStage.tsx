/**
 * The chapter on screen: the stage its session (src/viewer/session/) draws
 * on, the DOM pages laid over the canvas (with the pages' names for screen
 * readers and the live region announcing page changes), the navigation
 * chrome, the menus (reader settings and controls included), the key help,
 * the tap-zone preview and the direction toast, each rendering a narrow piece
 * of the session's view and forwarding the reader's input to it. It carries
 * out the session's page-level actions: previous / next chapter, fullscreen,
 * the key help; Tab stays inside an open dialog.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ImgQuality, Resolution } from '../../../core/viewer/imageQuality';
import type { ViewerItem } from '../../../core/viewer/items';
import { counterPages, mangaPageNumbers, type CounterPages } from '../../../core/viewer/pageCounter';
import { DEFAULT_READER_SETTINGS } from '../../../core/viewer/readerSettings';
import { t } from '../../i18n';
import { useViewerGestures } from '../../viewer/useViewerGestures';
import type { ViewerSession } from '../../viewer/session/viewerSession';
import type { AppAction } from '../../viewer/session/keys';
import { nextChapterOf } from '../../viewer/session/chapterLayout';
import { ControlsContext, type ControlsPanel } from './controlsPanel';
import { KeyHelp } from './KeyHelp';
import { PageAnnouncer, PageLabels } from './PageLabels';
import { PageOverlays } from './PageOverlays';
import { TapZonePreview } from './TapZonePreview';
import { useDialogFocusTrap } from './useDialogFocusTrap';
import { useViewerSelector, useViewerSession } from './useViewerSession';
import { ViewerChrome } from './ViewerChrome';
import { ViewerMenus } from './ViewerMenus';
import { ReaderTools } from './ReaderTools';
import { useThumbSpreads } from './usePageThumbs';
import { toggleFullscreen } from './fullscreen';

export interface ViewerStageProps {
  viewer: MangaViewer;
  quality: ImgQuality;
  resolution: Resolution;
  onResolution: (r: Resolution) => void;
  reloading: boolean;
}

export function ViewerStage({ viewer, quality, resolution, onResolution, reloading }: ViewerStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const worldRef = useRef<HTMLDivElement>(null);
  const firstPagesRef = useRef<HTMLDivElement>(null);
  const session = useViewerSession(viewer, quality, { stage: stageRef, world: worldRef, firstPages: firstPagesRef });
  useViewerGestures(stageRef, session);
  // (Before the session exists, as it starts: the bar shown.)
  const navVisible = useViewerSelector(session, (v) => v.navVisible, true);
  const mode = useViewerSelector(session, (v) => v.mode, 'vertical');
  const rtl = viewer.startFromRight;
  const index = useViewerSelector(session, (v) => v.index, 0);
  const count = useViewerSelector(session, (v) => v.count, 0);
  const menu = useViewerSelector(session, (v) => v.menu, null);
  const toast = useViewerSelector(session, (v) => v.toast, false);
  const settings = useViewerSelector(session, (v) => v.settings, DEFAULT_READER_SETTINGS);
  const help = useViewerSelector(session, (v) => v.help, false);
  const pages = useCounterPages(session, viewer);
  const thumbSpreads = useThumbSpreads(session);
  const panel = useControlsPanel(session, rtl && mode === 'horizontal');
  useAppActions(session, viewer);
  useDialogFocusTrap();
  return (
    <div
      className={`viewer__frame ${navVisible ? 'is-nav' : ''} ${settings.eink ? 'viewer__frame--eink' : ''}`}
      data-mode={mode}
      data-rtl={rtl ? 'yes' : 'no'}
    >
      <div ref={stageRef} className="viewer__stage" data-testid="viewer-stage" data-index={index} data-count={count}>
        <div className="viewer__world" ref={worldRef}>
          {session && <StagePages session={session} />}
        </div>
        <div ref={firstPagesRef} />
      </div>
      {/* E-ink: a brief black flash on each turn (a new element per spread: its animation runs once) clears ghosting. */}
      {settings.eink && <div key={index} className="viewer__eink-flash" data-testid="eink-flash" aria-hidden="true" />}
      {session && <StageAnnouncer session={session} />}
      <ViewerChrome
        viewer={viewer}
        visible={navVisible}
        index={index}
        count={count}
        pages={pages}
        rtl={rtl && mode === 'horizontal'}
        reloading={reloading}
        thumbSpreads={thumbSpreads}
        onGoto={(i) => session?.goTo(i)}
        onMenu={(m) => session?.toggleMenu(m)}
        onHoldBar={session ? () => session.actors.nav.send({ type: 'menu.toggled' }) : undefined}
      />
      {/* Auto-scroll and page bookmarks */}
      {session && <ReaderTools session={session} viewer={viewer} visible={navVisible} />}
      <ControlsContext.Provider value={panel}>
        <TapZonePreview />
        <ViewerMenus
          viewer={viewer}
          open={menu}
          onClose={() => session?.closeMenu()}
          mode={mode}
          onMode={(m) => session?.setMode(m)}
          resolution={resolution}
          onResolution={onResolution}
          settings={settings}
          onSetting={(e) => session?.changeSetting(e)}
          onJumpItem={(item) => session && jumpToItem(session, item)}
        />
        <KeyHelp open={help} onClose={() => session?.controls.setHelp(false)} />
      </ControlsContext.Provider>
      {toast && (
        <div className="viewer__toast" role="status">
          {t(mode === 'vertical' ? 'viewer.toastVertical' : 'viewer.toastHorizontal')}
        </div>
      )}
    </div>
  );
}

const NO_ITEMS: ViewerItem[] = [];

/**
 * The pages the counter shows at each spread (core/viewer/pageCounter.ts); until the session has laid the
 * chapter out, page 1 of the chapter's pages.
 */
function useCounterPages(session: ViewerSession | null, viewer: MangaViewer): (CounterPages | null)[] {
  const layout = useViewerSelector(session, (v) => v.layout, null);
  const items = useViewerSelector(session, (v) => v.items, NO_ITEMS);
  return useMemo(() => {
    if (layout) return counterPages(layout.spreads, mangaPageNumbers(items));
    const total = viewer.pages.filter((p) => p.data.case === 'mangaPage').length;
    return total ? [{ first: 1, last: 1, total }] : [];
  }, [layout, items, viewer]);
}

/** Goes to the spread holding a chapter's item (a page bookmark), then closes the menu. */
function jumpToItem(session: ViewerSession, item: number): void {
  const slot = session.getSnapshot().layout?.slotOfItem[item];
  session.closeMenu();
  if (slot !== undefined) session.goTo(slot);
}

/** The controls' machines for the settings modal, the key help and the tap-zone preview. */
function useControlsPanel(session: ViewerSession | null, rtlAcross: boolean): ControlsPanel | null {
  const keyRemap = useViewerSelector(session, (v) => v.keyRemap, null);
  const taps = useViewerSelector(session, (v) => v.taps, null);
  const motion = useViewerSelector(session, (v) => v.motion, null);
  return useMemo(() => {
    if (!session || !keyRemap || !taps || !motion) return null;
    const a = session.controls.actors;
    return { keyRemap, taps, motion, rtlAcross, sendKeys: a.keys.send, sendTaps: a.taps.send, sendMotion: a.motion.send };
  }, [session, keyRemap, taps, motion, rtlAcross]);
}

/** What the session asks of the page: another chapter, fullscreen, the key help. */
function useAppActions(session: ViewerSession | null, viewer: MangaViewer): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!session) return;
    const at = viewer.chapters.findIndex((c) => c.chapterId === viewer.chapterId);
    const chapter: Record<'prevChapter' | 'nextChapter', number | undefined> = {
      prevChapter: at > 0 ? viewer.chapters[at - 1]?.chapterId : undefined,
      nextChapter: nextChapterOf(viewer) ?? (at >= 0 ? viewer.chapters[at + 1]?.chapterId : undefined),
    };
    session.controls.handleApp((a: AppAction) => {
      if (a === 'help') session.controls.setHelp(true);
      else if (a === 'fullscreen') toggleFullscreen();
      else if (chapter[a]) navigate(`/viewer/${chapter[a]}`);
    });
  }, [session, viewer, navigate]);
}

/** The DOM pages over the canvas: they follow the layout, the reader's spread and each page's loading state. */
function StagePages({ session }: { session: ViewerSession }) {
  const layout = useViewerSelector(session, (v) => v.layout, null);
  const items = useViewerSelector(session, (v) => v.items, NO_ITEMS);
  const store = useViewerSelector(session, (v) => v.store, null);
  const viewer = useViewerSelector(session, (v) => v.viewer, null);
  const index = useViewerSelector(session, (v) => v.index, 0);
  const mode = useViewerSelector(session, (v) => v.mode, 'vertical');
  // Each page's progress, decoded or failed state shows on the next render.
  useViewerSelector(session, (v) => v.pages, 0);
  if (!layout || !store || !viewer) return null;
  return (
    <>
      <PageOverlays layout={layout} items={items} index={index} store={store} viewer={viewer} mode={mode} />
      <PageLabels session={session} layout={layout} items={items} viewer={viewer} />
    </>
  );
}

function StageAnnouncer({ session }: { session: ViewerSession }) {
  const layout = useViewerSelector(session, (v) => v.layout, null);
  const items = useViewerSelector(session, (v) => v.items, NO_ITEMS);
  const index = useViewerSelector(session, (v) => v.index, 0);
  return <PageAnnouncer layout={layout} items={items} index={index} />;
}
