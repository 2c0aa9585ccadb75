/**
 * Pixi drawing of the page flow: only the slots on screen and their neighbours; a page's textures
 * made from its tiles (pageSprite.ts, pageTextures.ts: one upload a frame) the first time it is on
 * screen and destroyed when the page store evicts it. Reads the GPU's texture limit at start and
 * probes once the form this engine uploads tiles right in (gpuUpload.ts). The camera eases towards
 * its target and the canvas renders only when something changed (Pixi as pixiApp.ts starts it: one
 * device pixel per CSS pixel on a software renderer, one texture a draw), at a fraction of that
 * while the camera moves (motionScale.ts).
 */
// The server's CSP forbids eval; this build of Pixi's shader sync code needs none.
import 'pixi.js/unsafe-eval';
import { Application, ColorMatrixFilter, Container, Sprite, Texture, type ColorMatrix } from 'pixi.js';
import type { Clock } from '../../core/clock';
import type { Camera } from '../../core/viewer/camera';
import { colorMatrix } from '../../core/viewer/colorFilter';
import { isIdentityFilter, type ColorFilter } from '../../core/viewer/readerSettings';
import { visiblePlacements, type Layout, type Placement } from '../../core/viewer/layout';
import type { PageImage } from './pageImage';
import { PageSprite, screenRects } from './pageSprite';
import { newRendererStats, type DrawnRect, type RendererOptions, type RendererStats } from './session/environment';
import { PageTextures } from './pageTextures';
import type { GpuUpload } from './gpuUpload';
import { noteGpu, type ProbeSource } from './uploadProbe';
import { CameraEase } from './cameraEase';
import { FrameLoop } from './frameLoop';
import { startPixi } from './pixiApp';
import { MotionScale } from './motionScale';

const BOX_MANGA = 0x2b2b2b;
const BOX_OTHER = 0x1c1c1c;

/** E-ink's paper. */
const PAPER = 0xffffff;

export class PageRenderer {
  private app = new Application();
  private world = new Container();
  private layout: Layout | null = null;
  private isManga: (i: number) => boolean = () => true;
  private camera = new CameraEase();
  private dirty = true;
  private ready = false;
  private destroyed = false;
  /** A drawn page: its container, one sprite per tile whose texture exists. */
  private sprites = new Map<number, PageSprite>();
  private boxes = new Map<number, Sprite>();
  private visible = new Set<number>();
  private listeners = new Set<(cam: Camera) => void>();
  /** Pages on screen whose image is being replaced: the old sprite, drawn until the new one is whole. */
  private old = new Map<number, PageSprite>();
  private colorFilter: ColorMatrixFilter | undefined;
  /** E-ink: white paper around the pages instead of the reader's dark background (RendererOptions.background). */
  private paper = false;
  private background = 0;
  readonly stats: RendererStats = newRendererStats();
  private textures = new PageTextures(this.stats);

  private loop: FrameLoop;
  private motion = new MotionScale(1, 0);
  /** The fraction of the resolution the world is placed for (and the canvas scaled up by its inverse). */
  private drawScale = 1;

  /** Frames and time from `clock` (the session's); the GPU's limit and upload form noted in `gpu` (uploadProbe.ts). */
  constructor(
    private readonly bitmapOf: (i: number) => PageImage | undefined,
    private readonly clock: Clock,
    private readonly gpu: GpuUpload,
    private readonly probeTiles?: ProbeSource,
  ) {
    this.loop = new FrameLoop(clock, this.frame);
  }

  async init(host: HTMLElement, width: number, height: number, o: RendererOptions): Promise<void> {
    this.background = o.background;
    this.motion = new MotionScale(o.movingResolution, o.settleMs);
    const background = this.paper ? PAPER : o.background;
    const maxTexture = await startPixi(this.app, { width, height, background, preserveDrawingBuffer: o.preserveDrawingBuffer });
    if (this.destroyed) {
      this.app.destroy(true);
      return;
    }
    this.app.canvas.classList.add('viewer-canvas');
    this.app.canvas.style.transformOrigin = '0 0';
    host.prepend(this.app.canvas);
    this.app.stage.addChild(this.world);
    // Render on demand from our own frames (the injected clock's, not Pixi's ticker, which stays stopped).
    this.loop.start();
    this.ready = true;
    if (maxTexture) noteGpu(this.app.renderer, maxTexture, this.gpu, this.probeTiles, () => this.destroyed);
  }

  /** Device pixels per CSS pixel the canvas draws at. */
  get resolution(): number {
    return this.ready ? this.app.renderer.resolution : 1;
  }

  get canvas(): HTMLCanvasElement | null {
    return this.ready ? this.app.canvas : null;
  }

  resize(width: number, height: number): void {
    if (!this.ready) return;
    this.app.renderer.resize(Math.max(1, width), Math.max(1, height));
    this.dirty = true;
  }

  setLayout(layout: Layout, isManga: (i: number) => boolean): void {
    this.layout = layout;
    this.isManga = isManga;
    for (const i of [...this.old.keys()]) this.dropOld(i);
    for (const s of this.sprites.values()) s.destroy();
    for (const b of this.boxes.values()) b.destroy();
    this.sprites.clear();
    this.boxes.clear();
    this.visible.clear();
    this.camera.snap();
    this.motion.reset();
    this.dirty = true;
  }

  /** The reader's colour filter over the pages, on the GPU (none while it is the identity). */
  setFilter(f: ColorFilter): void {
    if (isIdentityFilter(f)) {
      this.world.filters = [];
    } else {
      this.colorFilter ??= new ColorMatrixFilter();
      this.colorFilter.matrix = colorMatrix(f) as ColorMatrix; // always 20 numbers
      this.world.filters = [this.colorFilter];
    }
    this.dirty = true;
  }

  /** E-ink's pure black on white: the stage is white paper around the pages. */
  setPaper(on: boolean): void {
    this.paper = on;
    if (this.ready) this.app.renderer.background.color = on ? PAPER : this.background;
    this.dirty = true;
  }

  /** Where the camera should go; `immediate` skips the easing (drags, pinches). */
  setCamera(cam: Camera, immediate: boolean): void {
    this.camera.set(cam, immediate);
  }

  /** A page's bitmap arrived or went away. */
  invalidate(i: number): void {
    if (this.visible.has(i)) this.dirty = true;
    if (this.visible.has(i)) this.syncItem(this.layout?.placements.find((p) => p.item === i));
  }

  /** Destroys the textures made from page i (before its bitmaps are closed). */
  release(i: number): void {
    const s = this.sprites.get(i);
    this.sprites.delete(i);
    this.dropOld(i);
    if (s && this.visible.has(i)) {
      // Replaced by another size, most likely: drawn until the new image's textures are all made.
      this.old.set(i, s);
      this.textures.retire(i);
    } else {
      s?.destroy();
      this.textures.release(i);
    }
    if (this.visible.has(i)) {
      this.syncItem(this.layout?.placements.find((p) => p.item === i));
      this.dirty = true;
    }
  }

  /** The camera as drawn has reached its target. */
  get settled(): boolean {
    return !this.dirty && this.camera.arrived && this.drawScale === 1;
  }

  /** Screen rects (CSS px) of the drawn items; `image` once a page is drawn whole (all its tiles). */
  drawnRects(): DrawnRect[] {
    const image = (i: number) => this.sprites.has(i) && !this.boxes.has(i);
    return this.layout ? screenRects(this.layout, this.visible, this.camera.shown, image) : [];
  }

  onCamera(fn: (cam: Camera) => void): () => void {
    this.listeners.add(fn);
    fn(this.camera.shown);
    return () => this.listeners.delete(fn);
  }

  private frame = (dtMs: number): void => {
    if (!this.layout) return;
    this.textures.nextFrame();
    if (this.textures.deferred) {
      this.textures.deferred = false;
      this.syncVisible();
      this.dirty = true;
    }
    const moved = this.camera.step(dtMs);
    const k = this.motion.next(moved, dtMs);
    if (moved || k !== this.drawScale) {
      // While moving, the world is drawn at k of its size into the canvas's top left corner, which
      // CSS scales up by 1 / k (no new drawing buffer: reallocating one takes 50-120 ms here).
      const c = this.camera.shown;
      this.world.scale.set(c.scale * k);
      this.world.position.set(-c.x * c.scale * k, -c.y * c.scale * k);
      if (k !== this.drawScale) this.app.canvas.style.transform = k === 1 ? '' : `scale(${1 / k})`;
      this.drawScale = k;
      this.dirty = true;
    }
    if (moved) {
      this.syncVisible();
      for (const fn of this.listeners) fn(this.camera.shown);
    }
    if (this.dirty) {
      this.dirty = false;
      this.app.render();
      this.stats.frames++;
      this.stats.drawResolution = this.app.renderer.resolution * k;
      this.stats.texturesPerDraw = this.app.renderer.limits.maxBatchableTextures;
      if (k < 1) this.stats.movingFrames++;
      if (!this.stats.firstImageAt && this.sprites.size > 0) this.stats.firstImageAt = this.clock.now();
    }
  };

  private syncVisible(): void {
    const l = this.layout!;
    const c = this.camera.shown;
    const view = { x: c.x, y: c.y, w: l.viewport.width / c.scale, h: l.viewport.height / c.scale };
    const vis = visiblePlacements(l, view, 1);
    const now = new Set(vis.map((p) => p.item));
    for (const i of this.visible) {
      if (now.has(i)) continue;
      this.dropOld(i);
      this.sprites.get(i)?.destroy();
      this.sprites.delete(i);
      this.boxes.get(i)?.destroy();
      this.boxes.delete(i);
    }
    this.visible = now;
    for (const p of vis) this.syncItem(p);
    // The neighbours off screen stay built but are not drawn: Pixi does not cull, and a software
    // WebGL pays for every draw call, on screen or not.
    const shown = new Set(visiblePlacements(l, view, 0).map((p) => p.item));
    for (const [i, s] of this.sprites) s.visible = shown.has(i);
    for (const [i, s] of this.old) s.visible = shown.has(i);
    for (const [i, b] of this.boxes) b.visible = shown.has(i);
  }

  private syncItem(p: Placement | undefined): void {
    if (!p) return;
    const i = p.item;
    const img = this.isManga(i) ? this.bitmapOf(i) : undefined;
    const tex = img ? this.textures.of(i, img) : [];
    if (img && tex.length > 0) {
      let page = this.sprites.get(i);
      if (!page) {
        page = new PageSprite();
        this.sprites.set(i, page);
        this.world.addChild(page);
      }
      // A large page fills in tile by tile over a few frames.
      page.draw(img, tex, p, p.crop);
      if (tex.length === img.tiles.length) {
        this.dropOld(i);
        this.boxes.get(i)?.destroy();
        this.boxes.delete(i);
        return;
      }
    }
    if (!this.boxes.has(i)) {
      // A tinted white texel, not a Graphics: no geometry to build for each page coming into view.
      const g = new Sprite({ texture: Texture.WHITE, tint: this.isManga(i) ? BOX_MANGA : BOX_OTHER });
      this.boxes.set(i, g);
      this.world.addChildAt(g, 0);
    }
    const g = this.boxes.get(i)!;
    g.position.set(p.x, p.y);
    g.scale.set(p.w, p.h);
  }

  private dropOld(i: number): void {
    this.old.get(i)?.destroy();
    this.old.delete(i);
    this.textures.dropRetired(i);
  }

  destroy(): void {
    this.destroyed = true;
    for (const i of [...this.old.keys()]) this.dropOld(i);
    if (!this.ready) return;
    this.ready = false;
    this.loop.stop();
    for (const s of this.sprites.values()) s.destroy();
    for (const b of this.boxes.values()) b.destroy();
    this.textures.destroy();
    this.sprites.clear();
    this.boxes.clear();
    this.listeners.clear();
    this.colorFilter?.destroy();
    this.app.destroy(true, { children: true });
  }
}
