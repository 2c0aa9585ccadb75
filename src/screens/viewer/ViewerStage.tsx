import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { pagingMachine, type PagingEvent } from '../../../machines/pagingMachine';
import type { ImgQuality, Resolution } from '../../../core/viewer/imageQuality';
import { viewerMenusMachine } from '../../../machines/viewerMenusMachine';
import { viewerModeMachine } from '../../../machines/viewerModeMachine';
import { modeOf } from '../../../core/viewer/viewerMode';
import { viewerNavBarMachine } from '../../../machines/viewerNavBarMachine';
import { track } from '../../analytics';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { t } from '../../i18n';
import { inspect } from '../../lib/inspector';
import { mirrorPrefsCookies } from '../../lib/prefs';
import { STORAGE } from '../../../core/storageKeys';
import { cameraFor, type Geometry } from '../../../core/viewer/camera';
import { CACHE, type CacheConfig } from '../../viewer/cachePolicy';
import { decodePool } from '../../viewer/decodePool';
import { dismissFirstPage, firstPageCanvas } from '../../boot/chapterStartHandOver';
import { keyToEvent } from '../../viewer/input';
import { buildLayout, slotTops, visiblePlacements, VIEWER, type Layout } from '../../../core/viewer/layout';
import { toItems } from '../../../core/viewer/items';
import { PageStore } from '../../viewer/pageStore';
import { prefetchChapter } from '../../viewer/prefetch';
import { PageRenderer } from '../../viewer/renderer';
import { useViewerGestures } from '../../viewer/useViewerGestures';
import { ViewerChrome } from './ViewerChrome';
import { ViewerMenus } from './ViewerMenus';
import { PageOverlays } from './PageOverlays';
import { loadMangaViewer } from '../../viewer/api';
import { storedMode, viewerQueryKey } from '../../../core/viewer/chapterQuery';
import { readLastPage, writeLastPage } from '../../lib/resumePosition';

declare global {
  interface Window {
    /** Set by tests before load: keeps the canvas readable. */
    __VIEWER_TEST__?: boolean;
    /** Read-only figures for tests and benchmarks. */
    __viewerDebug?: Record<string, unknown>;
  }
}

/** The longest the first pages drawn ahead of the viewer stay once the canvas is up. */
const FIRST_PAGE_HANDOVER_MS = 3000;

const EMPTY: Geometry = { mode: 'horizontal', rtl: false, viewport: { width: 1, height: 1 }, count: 0, tops: [], contentHeight: 1 };

function geometryOf(l: Layout): Geometry {
  return {
    mode: l.mode,
    rtl: l.rtl,
    viewport: l.viewport,
    count: l.spreads.length,
    tops: l.mode === 'vertical' ? slotTops(l) : [],
    contentHeight: l.contentHeight,
  };
}

export interface ViewerStageProps {
  viewer: MangaViewer;
  quality: ImgQuality;
  resolution: Resolution;
  onResolution(r: Resolution): void;
  reloading: boolean;
}

export function ViewerStage({ viewer, quality, resolution, onResolution, reloading }: ViewerStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const worldRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<PageRenderer | null>(null);
  const storeRef = useRef<PageStore | null>(null);
  const currentItem = useRef(readLastPage(viewer.chapterId));
  const lastEvent = useRef<PagingEvent['type'] | ''>('');
  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const [, setVersion] = useState(0);
  const [rendererReady, setRendererReady] = useState(false);

  // Machines, with their effects supplied here (conventions: no timers inside).
  // Under __VIEWER_TEST__ the machines' clocks (nav auto-hide, toast, inertia) are driven by the test through __viewerDebug.
  const [navTimer] = useState<{ armed: (() => void) | null }>(() => ({ armed: null }));
  const [toastTimer] = useState<{ armed: (() => void) | null }>(() => ({ armed: null }));
  const [machines] = useState(() => {
    let hide: ReturnType<typeof setTimeout> | undefined;
    let toast: ReturnType<typeof setTimeout> | undefined;
    let raf = 0;
    return {
      nav: viewerNavBarMachine.provide({
        actions: {
          startHideTimer: ({ self }) => {
            clearTimeout(hide);
            const fire = () => {
              navTimer.armed = null;
              self.send({ type: 'navbar.elapsed' });
            };
            navTimer.armed = fire;
            // Browser tests drive this clock by hand (__viewerDebug.elapseNavTimer) so paths are deterministic.
            if (!window.__VIEWER_TEST__) hide = setTimeout(fire, VIEWER.navAutoHideMs);
          },
          cancelHideTimer: () => {
            clearTimeout(hide);
            navTimer.armed = null;
          },
        },
      }),
      mode: viewerModeMachine.provide({
        actions: {
          saveMode: (_, { mode }) => {
            localStorage.setItem(STORAGE.viewerMode, mode);
            mirrorPrefsCookies();
          },
          rebuildPages: ({ event }) => track('viewer_direction_change', { event: event.type }),
          startToastTimer: ({ self }) => {
            clearTimeout(toast);
            const fire = () => {
              toastTimer.armed = null;
              self.send({ type: 'toast.elapsed' });
            };
            toastTimer.armed = fire;
            if (!window.__VIEWER_TEST__) toast = setTimeout(fire, 2000);
          },
        },
      }),
      paging: pagingMachine.provide({
        actions: {
          startInertia: ({ self }) => {
            if (window.__VIEWER_TEST__) return;
            let last = performance.now();
            const tick = (now: number) => {
              self.send({ type: 'scroll.tick', dt: Math.min(50, now - last) });
              last = now;
              raf = requestAnimationFrame(tick);
            };
            raf = requestAnimationFrame(tick);
          },
          stopInertia: () => cancelAnimationFrame(raf),
        },
      }),
    };
  });
  const [modeState, modeSend] = useMachine(machines.mode, {
    input: { stored: storedMode(), verticalOnly: viewer.isVerticalOnly, horizontalOnly: viewer.isHorizontalOnly },
    inspect,
  });
  const [navState, navSend] = useMachine(machines.nav, { input: {}, inspect });
  const [menusState, menusSend] = useMachine(
    useState(() => viewerMenusMachine.provide({ actions: { notifyToggled: () => navRef.current({ type: 'menu.toggled' }) } }))[0],
    { inspect },
  );
  const navRef = useRef(navSend);
  navRef.current = navSend;
  const paging = useActorRef(machines.paging, { input: { geometry: EMPTY }, inspect });
  const send = (e: PagingEvent) => {
    lastEvent.current = e.type;
    // The reader pages on: the first pages drawn ahead of this code (if still up) go.
    if (e.type !== 'layout.set') dismissFirstPage();
    paging.send(e);
  };

  const mode = modeOf(modeState.value);
  const rtl = viewer.startFromRight;
  const items = useMemo(() => toItems(viewer.pages, viewport.width < 768), [viewer, viewport.width]);
  const layout = useMemo(
    () => (viewport.width > 0 ? buildLayout(items, { mode, rtl, viewport, verticalOnly: viewer.isVerticalOnly }) : null),
    [items, mode, rtl, viewport, viewer.isVerticalOnly],
  );
  const index = useSelector(paging, (s) => s.context.pos.index);
  const count = layout?.spreads.length ?? 0;

  // Chapter data that arrives again (a resolution change refetches it) re-applies its direction constraints.
  const firstData = useRef(true);
  useEffect(() => {
    if (firstData.current) {
      firstData.current = false;
      return;
    }
    modeSend({ type: 'chapter.loaded', verticalOnly: viewer.isVerticalOnly, horizontalOnly: viewer.isHorizontalOnly });
  }, [viewer, modeSend]);

  // Viewport size.
  useLayoutEffect(() => {
    const el = stageRef.current!;
    const measure = () =>
      setViewport((v) =>
        v.width === el.clientWidth && v.height === el.clientHeight ? v : { width: el.clientWidth, height: el.clientHeight },
      );
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The first pages drawn before this code loaded (firstPaint.ts) stay over the canvas, under
  // the menus, until the canvas shows every page on screen itself (or for 3 s at most).
  const firstHostRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const c = firstPageCanvas();
    if (c) firstHostRef.current?.append(c);
    return dismissFirstPage;
  }, []);
  useEffect(() => {
    if (!rendererReady || !layout || !firstPageCanvas()) return undefined;
    let raf = 0;
    const t0 = performance.now();
    const check = () => {
      const { width, height } = layout.viewport;
      const onScreen = (rendererRef.current?.drawnRects() ?? []).filter(
        (r) => items[r.item]?.kind === 'manga' && r.x < width && r.x + r.w > 0 && r.y < height && r.y + r.h > 0,
      );
      if ((onScreen.length > 0 && onScreen.every((r) => r.image)) || performance.now() - t0 > FIRST_PAGE_HANDOVER_MS) dismissFirstPage();
      else raf = requestAnimationFrame(check);
    };
    raf = requestAnimationFrame(check);
    return () => cancelAnimationFrame(raf);
  }, [rendererReady, layout, items]);

  // The renderer lives as long as the stage.
  useEffect(() => {
    const r = new PageRenderer((i) => storeRef.current?.bitmap(i));
    rendererRef.current = r;
    const el = stageRef.current!;
    r.init(el, el.clientWidth, el.clientHeight, { background: 0x111111, preserveDrawingBuffer: !!window.__VIEWER_TEST__ }).then(
      () => setRendererReady(true),
      (e: unknown) => console.error('viewer: renderer failed', e),
    );
    const off = r.onCamera((c) => {
      if (worldRef.current) worldRef.current.style.transform = `translate(${-c.x * c.scale}px, ${-c.y * c.scale}px) scale(${c.scale})`;
    });
    return () => {
      off();
      r.destroy();
      rendererRef.current = null;
    };
  }, []);

  // One page store per chapter data (a resolution change brings new URLs).
  useEffect(() => {
    let pending = 0;
    const store = new PageStore(
      toItems(viewer.pages, false).map((it) => (it.url && it.key ? { url: it.url, key: it.key } : undefined)),
      decodePool(),
      {
        onChange: (i) => {
          rendererRef.current?.invalidate(i);
          pending ||= requestAnimationFrame(() => {
            pending = 0;
            setVersion((v) => v + 1);
          });
        },
        onRelease: (i) => rendererRef.current?.release(i),
      },
      // Browser tests may shrink the cache window (window.__VIEWER_CACHE__) to reach eviction on a short chapter.
      (window as { __VIEWER_CACHE__?: CacheConfig }).__VIEWER_CACHE__ ?? CACHE,
    );
    storeRef.current = store;
    return () => {
      cancelAnimationFrame(pending);
      store.destroy();
      if (storeRef.current === store) storeRef.current = null;
    };
  }, [viewer]);

  // A new layout (size, mode, data) keeps the reader on the same page.
  useEffect(() => {
    if (!layout || !rendererReady) return;
    rendererRef.current!.resize(layout.viewport.width, layout.viewport.height);
    rendererRef.current!.setLayout(layout, (i) => items[i]?.kind === 'manga');
    const item = Math.min(Math.max(0, currentItem.current), items.length - 1);
    send({ type: 'layout.set', geometry: geometryOf(layout), index: layout.slotOfItem[item] ?? 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout, rendererReady, viewer]);

  // Paging → camera, page cache, resume point.
  useEffect(() => {
    if (!layout || !rendererReady) return undefined;
    const sync = () => {
      const s = paging.getSnapshot();
      const { geometry: g, pos } = s.context;
      if (g.count !== layout.spreads.length || g.mode !== layout.mode) return;
      const cam = cameraFor(g, pos);
      const immediate =
        s.matches({ pointer: 'dragging' }) ||
        s.matches({ pointer: 'coasting' }) ||
        lastEvent.current === 'zoom.by' ||
        lastEvent.current === 'scroll.by';
      rendererRef.current?.setCamera(cam, immediate);
      const spread = layout.spreads[pos.index];
      if (spread) currentItem.current = spread.items[0]!;
      const view = { x: cam.x, y: cam.y, w: g.viewport.width / cam.scale, h: g.viewport.height / cam.scale };
      storeRef.current?.setPosition(
        currentItem.current,
        visiblePlacements(layout, view, 0).map((p) => p.item),
      );
    };
    sync();
    const sub = paging.subscribe(sync);
    return () => sub.unsubscribe();
  }, [layout, rendererReady, paging, viewer]);

  useEffect(() => {
    if (!layout || count === 0) return;
    writeLastPage(viewer.chapterId, currentItem.current);
    navSend({ type: 'page.changed', nearEnd: index >= count - 2 });
    const last = viewer.pages.find((p) => p.data.case === 'lastPage');
    const next = last?.data.case === 'lastPage' ? last.data.value.nextChapter?.chapterId : undefined;
    if (next && index >= count - 3) void prefetchChapter(viewerQueryKey(next, quality), () => loadMangaViewer(next, quality), decodePool());
  }, [index, count, layout, viewer, navSend, quality]);

  // Keyboard.
  const closedMenus = menusState.matches('closed');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!closedMenus) {
        if (e.key === 'Escape') menusSend({ type: 'menu.close' });
        return;
      }
      if (e.altKey || e.metaKey || e.ctrlKey) return;
      const tgt = e.target as HTMLElement | null;
      if (tgt && /^(INPUT|TEXTAREA|SELECT)$/.test(tgt.tagName)) return;
      // Escape lets go of a drag (the spread springs back) or leaves the zoom; 0 resets the zoom.
      const ps = paging.getSnapshot();
      if (e.key === 'Escape' && ps.matches({ pointer: 'dragging' })) {
        send({ type: 'drag.cancel' });
        return;
      }
      if ((e.key === 'Escape' || e.key === '0') && ps.matches({ zoom: 'zoomed' })) {
        send({ type: 'zoom.reset' });
        return;
      }
      const ev = keyToEvent(e.key, e.shiftKey, mode, rtl);
      if (!ev) return;
      e.preventDefault();
      send(ev);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useViewerGestures(stageRef, {
    mode,
    rtl,
    send,
    dragActive: () => paging.getSnapshot().matches({ pointer: 'dragging' }),
    scale: () => paging.getSnapshot().context.pos.scale,
    onTap: (zone) => {
      if (zone === 'center') navSend({ type: 'navbar.tap' });
      else send({ type: zone === 'next' ? 'page.next' : 'page.prev' });
    },
  });

  // Figures for tests and benchmarks.
  useEffect(() => {
    window.__viewerDebug = {
      renderer: () => rendererRef.current?.stats,
      decoded: () => storeRef.current?.decodedCount() ?? 0,
      pool: () => decodePool().stats,
      xorBench: (size: number, rounds: number, key: string) => decodePool().xorBench(size, rounds, key),
      position: () => ({
        index: paging.getSnapshot().context.pos.index,
        count: paging.getSnapshot().context.geometry.count,
        mode: paging.getSnapshot().context.geometry.mode,
        scale: paging.getSnapshot().context.pos.scale,
      }),
      pageState: (i: number) => storeRef.current?.state(i),
      samplePixel: (x: number, y: number) => rendererRef.current?.samplePixel(x, y),
      rects: () => rendererRef.current?.drawnRects() ?? [],
      settled: () => !!rendererRef.current?.settled,
      state: () => ({
        nav: String(navState.value),
        menus: String(menusState.value),
        mode: String(modeState.value),
        paging: paging.getSnapshot().value,
      }),
      send: (e: PagingEvent) => send(e),
      /** Fires the navigation bar's auto-hide timer if it is armed; true when it was. */
      elapseNavTimer: () => {
        const f = navTimer.armed;
        f?.();
        return !!f;
      },
      /** Fires the direction toast's timer if it is armed. */
      elapseToastTimer: () => {
        const f = toastTimer.armed;
        f?.();
        return !!f;
      },
      /** One inertia frame of dt ms while coasting (test mode has no animation loop for it). */
      tickInertia: (dt: number) => {
        if (!paging.getSnapshot().matches({ pointer: 'coasting' })) return false;
        send({ type: 'scroll.tick', dt });
        return true;
      },
      geometry: () => paging.getSnapshot().context.geometry,
      /** The spread (horizontal) or slot (vertical) showing item i. */
      spreadOfItem: (i: number) => layout?.slotOfItem[i] ?? -1,
    };
    return () => {
      delete window.__viewerDebug;
    };
  });

  const navVisible = !navState.matches('hidden') || !closedMenus;
  return (
    <div className={`viewer__frame ${navVisible ? 'is-nav' : ''}`} data-mode={mode} data-rtl={rtl ? 'yes' : 'no'}>
      <div ref={stageRef} className="viewer__stage" data-testid="viewer-stage" data-index={index} data-count={count}>
        <div className="viewer__world" ref={worldRef}>
          {layout && storeRef.current && (
            <PageOverlays layout={layout} items={items} index={index} store={storeRef.current} viewer={viewer} mode={mode} />
          )}
        </div>
        <div ref={firstHostRef} />
      </div>
      <ViewerChrome
        viewer={viewer}
        visible={navVisible}
        index={index}
        count={count}
        rtl={rtl && mode === 'horizontal'}
        reloading={reloading}
        onGoto={(i) => send({ type: 'page.goto', index: i })}
        onMenu={(m) => menusSend({ type: 'menu.toggle', menu: m })}
      />
      <ViewerMenus
        viewer={viewer}
        open={menusState.matches('closed') ? null : (menusState.value as 'settings' | 'language' | 'chapters')}
        onClose={() => menusSend({ type: 'menu.close' })}
        mode={mode}
        onMode={(m) => modeSend({ type: 'mode.set', mode: m })}
        resolution={resolution}
        onResolution={onResolution}
      />
      {modeState.context.toast && (
        <div className="viewer__toast" role="status">
          {t(mode === 'vertical' ? 'viewer.toastVertical' : 'viewer.toastHorizontal')}
        </div>
      )}
    </div>
  );
}
