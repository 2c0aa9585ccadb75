/**
 * Everything impure a viewer session uses, given to it in one object: its
 * clocks, the stored reader choices (the storage port), the system's
 * reduced-motion preference, the renderer
 * factory and its options, the cache window, the decode pool, chapter
 * prefetch and the pages it decoded ahead, the first pages drawn before the
 * app loaded, and analytics. It is the one way into a session: the app
 * builds it in src/screens/viewer/viewerEnvironment.ts from the page's viewer
 * services (src/boot/viewerServices.ts) and what an embedding page supplied
 * (registry.ts); unit tests give fakes.
 */
import type { Camera } from '../../../core/viewer/camera';
import type { ControlSettings } from '../../../core/viewer/controls';
import type { ColorFilter, DisplaySettings, TitleSettings } from '../../../core/viewer/readerSettings';
import type { Layout } from '../../../core/viewer/layout';
import type { ImgQuality } from '../../../core/viewer/imageQuality';
import type { ViewerMode } from '../../../core/viewer/viewerMode';
import type { CacheConfig } from '../cachePolicy';
import type { DecodePool } from '../decodePool';
import type { PageImage } from '../pageImage';
import type { Prefetched } from '../prefetch';
import type { ViewerClocks } from './clock';

/** What the renderer counts (browser tests and benchmarks read them). */
export interface RendererStats {
  liveTextures: number;
  maxLiveTextures: number;
  /** Pages holding textures now (a page is one texture, or one per tile), and the most at once: the cache's cap counts these. */
  livePages: number;
  maxLivePages: number;
  texturesCreated: number;
  texturesDestroyed: number;
  frames: number;
  /** Frames drawn at a fraction of the resolution while the camera moved (RendererOptions.movingResolution). */
  movingFrames: number;
  /** Device pixels per CSS pixel the last frame was drawn at (the resolution, or a fraction of it while moving). */
  drawResolution: number;
  /**
   * Textures Pixi's batcher may put in one draw (renderer.limits.maxBatchableTextures, which the
   * batcher takes when the first frame makes it), as it was when the last frame was drawn: one
   * (pixiApp.ts); 0 before a frame.
   */
  texturesPerDraw: number;
  /** The frame clock's now() (performance.now() in the app) when a page image was first drawn; 0 before. */
  firstImageAt: number;
}

/** A renderer's counts before anything is drawn. */
export function newRendererStats(): RendererStats {
  return {
    liveTextures: 0,
    maxLiveTextures: 0,
    livePages: 0,
    maxLivePages: 0,
    texturesCreated: 0,
    texturesDestroyed: 0,
    frames: 0,
    movingFrames: 0,
    drawResolution: 0,
    texturesPerDraw: 0,
    firstImageAt: 0,
  };
}

export interface RendererOptions {
  background: number;
  /** Keeps the drawing buffer after each frame, so its pixels can be read back (the browser-test harness does). */
  preserveDrawingBuffer: boolean;
  /**
   * The fraction of the resolution the pages are drawn at while the camera moves (1: always the
   * whole), and how long the camera stays still before they are drawn whole again (ms).
   */
  movingResolution: number;
  settleMs: number;
}

/** The reader's stored choices the session reads and saves (src/lib/storage.ts in the app). */
export interface ViewerStoragePort {
  storedViewerMode(): ViewerMode | null;
  saveViewerMode(mode: ViewerMode): void;
  /** The item the reader was at in this chapter (0 when none). */
  storedResumePosition(chapterId: number): number;
  saveResumePosition(chapterId: number, item: number): void;
  /** The reader's display settings (one set per visitor). */
  storedDisplaySettings(): DisplaySettings;
  saveDisplaySettings(s: DisplaySettings): void;
  /** A title's reader settings (spread offset, colour filter). */
  storedTitleSettings(titleId: number): TitleSettings;
  saveTitleSettings(titleId: number, s: TitleSettings): void;
  /** The reader's controls (key map, tap zones, wheel, reduced motion), one set per visitor. */
  storedControls(): ControlSettings;
  /** Saves these fields of the controls, the others kept. */
  saveControls(patch: Partial<ControlSettings>): void;
}

/** The system's reduced-motion preference (prefers-reduced-motion in the app). */
export interface MotionPort {
  reduced(): boolean;
  /** Calls `fn` on each change; returns the unsubscribe. */
  onChange(fn: (reduce: boolean) => void): () => void;
}

export interface DrawnRect {
  item: number;
  x: number;
  y: number;
  w: number;
  h: number;
  image: boolean;
}

/** What the session asks of its renderer (src/viewer/renderer.ts's PageRenderer). */
export interface StageRenderer {
  readonly stats: RendererStats;
  readonly settled: boolean;
  readonly canvas: HTMLCanvasElement | null;
  /** Device pixels per CSS pixel it draws at. */
  readonly resolution: number;
  init(host: HTMLElement, width: number, height: number, o: RendererOptions): Promise<void>;
  resize(width: number, height: number): void;
  setLayout(layout: Layout, isManga: (i: number) => boolean): void;
  setCamera(cam: Camera, immediate: boolean): void;
  /** The reader's colour filter over the pages. */
  setFilter(f: ColorFilter): void;
  /** E-ink: white around the pages (optional: a renderer without it keeps its background). */
  setPaper?(on: boolean): void;
  invalidate(i: number): void;
  release(i: number): void;
  drawnRects(): DrawnRect[];
  onCamera(fn: (cam: Camera) => void): () => void;
  destroy(): void;
}

/** The chapter's first pages drawn before the app loaded (src/boot/chapterStartHandOver.ts). */
export interface FirstPagesPort {
  /** Their layer (an <img> per page) while it is still up. */
  element(): HTMLElement | null;
  /** Takes it off the screen (idempotent). */
  dismiss(): void;
}

export interface ViewerEnvironment {
  clocks: ViewerClocks;
  storage: ViewerStoragePort;
  motion: MotionPort;
  createRenderer(bitmapOf: (i: number) => PageImage | undefined): StageRenderer;
  rendererOptions: RendererOptions;
  cache: CacheConfig;
  pool: DecodePool;
  /** Loads and decodes the start of chapter `chapterId` ahead of time (the reader nears the end). */
  prefetchChapter(chapterId: number, quality: ImgQuality): void;
  /** A page decoded ahead (the chapter's first pages), taken once. */
  takePrefetched: (url: string) => Promise<Prefetched> | undefined;
  firstPages: FirstPagesPort;
  track(event: string, params: Record<string, unknown>): void;
}

/** The stage's elements: the canvas goes into `stage`, DOM overlays follow the camera in `world`. */
export interface StageElements {
  stage: HTMLElement;
  world: HTMLElement;
  /** Where the first pages drawn before the app loaded stay until the canvas shows them. */
  firstPages: HTMLElement;
}
