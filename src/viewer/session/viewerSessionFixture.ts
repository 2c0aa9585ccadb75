import { create } from '@bufbuild/protobuf';
import { vi } from 'vitest';
import { MangaViewerSchema, PageType, type MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ViewerMode } from '../../../core/viewer/viewerMode';
import { DEFAULT_CONTROLS, type ControlSettings } from '../../../core/viewer/controls';
import { DEFAULT_DISPLAY, DEFAULT_TITLE, type TitleSettings } from '../../../core/viewer/readerSettings';
import type { DecodePool } from '../decodePool';
import { ManualClock } from '../testing/manualClock';
import { newRendererStats, type StageElements, type StageRenderer, type ViewerEnvironment } from './environment';
import { ViewerSession } from './viewerSession';

/** The fakes src/viewer/session/viewerSession.test.ts opens sessions on. */
/** A chapter of `n` single pages and its end page. */
export function chapter(n: number, o: { rtl?: boolean; nextChapterId?: number; nextTimeStamp?: number } = {}): MangaViewer {
  const pages = Array.from({ length: n }, (_, i) => ({
    data: {
      case: 'mangaPage' as const,
      value: { imageUrl: `/img/${i}.webp`, width: 480, height: 672, type: PageType.SINGLE, encryptionKey: 'ab'.repeat(32) },
    },
  }));
  const end = {
    data: {
      case: 'lastPage' as const,
      value: {
        currentChapter: { chapterId: 7 },
        ...(o.nextChapterId ? { nextChapter: { chapterId: o.nextChapterId } } : {}),
        nextTimeStamp: o.nextTimeStamp ?? 0,
      },
    },
  };
  return create(MangaViewerSchema, { chapterId: 7, titleId: 1, startFromRight: !!o.rtl, pages: [...pages, end] });
}

function fakeRenderer() {
  const r = {
    stats: newRendererStats(),
    settled: true,
    canvas: null,
    resolution: 1,
    init: vi.fn(() => Promise.resolve()),
    resize: vi.fn(),
    setLayout: vi.fn(),
    setCamera: vi.fn(),
    setFilter: vi.fn(),
    invalidate: vi.fn(),
    release: vi.fn(),
    drawnRects: () => [],
    onCamera: () => () => {},
    destroy: vi.fn(),
  } satisfies StageRenderer;
  return r;
}

/** A session on fakes: manual clocks, storage in a map, a renderer that draws nothing, a pool that never answers. */
interface Stored {
  mode?: ViewerMode;
  resume?: number;
  title?: TitleSettings;
  controls?: Partial<ControlSettings>;
  reduced?: boolean;
}

export function open(viewer: MangaViewer, stored: Stored = {}) {
  const m = () => new ManualClock();
  const clocks = { navBar: m(), toast: m(), inertia: m(), frames: m(), gestures: m() };
  const saved = {
    modes: [] as ViewerMode[],
    resume: [] as [number, number][],
    titles: [] as [number, TitleSettings][],
    controls: [] as Partial<ControlSettings>[],
  };
  const [renderer, firstPages, prefetchChapter] = [fakeRenderer(), { element: () => null, dismiss: vi.fn() }, vi.fn()];
  const pool = { request: () => ({ cancel: () => {} }), stats: {} } as unknown as DecodePool;
  const env: ViewerEnvironment = {
    clocks,
    storage: {
      storedViewerMode: () => stored.mode ?? null,
      saveViewerMode: (m) => saved.modes.push(m),
      storedResumePosition: () => stored.resume ?? 0,
      saveResumePosition: (id, item) => saved.resume.push([id, item]),
      storedDisplaySettings: () => DEFAULT_DISPLAY,
      saveDisplaySettings: () => {},
      storedTitleSettings: () => stored.title ?? DEFAULT_TITLE,
      saveTitleSettings: (id, t) => saved.titles.push([id, t]),
      storedControls: () => ({ ...DEFAULT_CONTROLS, ...stored.controls }),
      saveControls: (c) => saved.controls.push(c),
    },
    motion: { reduced: () => !!stored.reduced, onChange: () => () => {} },
    createRenderer: () => renderer,
    rendererOptions: { background: 0, preserveDrawingBuffer: false, movingResolution: 1, settleMs: 0 },
    cache: { ahead: 2, behind: 1, cap: 3 },
    pool,
    prefetchChapter,
    takePrefetched: () => undefined,
    firstPages,
    track: () => {},
  };
  const session = new ViewerSession(viewer, 'high', env);
  const el = { stage: { clientWidth: 1280, clientHeight: 800 }, world: { style: {} }, firstPages: { append: () => {} } };
  session.attach(el as unknown as StageElements);
  session.resize(1280, 800);
  return { session, clocks, saved, renderer, firstPages, prefetchChapter };
}

export const key = (k: string, o: Partial<{ shiftKey: boolean; inField: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ctrlKey: false,
  inField: false,
  ...o,
});
