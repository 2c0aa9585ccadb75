/**
 * The renderer's textures of decoded pages (renderer.ts): one per tile of a
 * page's image (pageStore.ts: one tile, or several for a page larger than the
 * GPU's texture limit), made in the image's order within a per-frame upload
 * budget, so a large page fills in over a few frames instead of blocking one.
 * A tile's pixels are a bitmap or RGBA bytes (gpuUpload.ts: what this engine
 * uploads right); bytes go up as a typed array, premultiplied on upload as a
 * bitmap is.
 */
import { BufferImageSource, ImageSource, Texture, type TextureSource } from 'pixi.js';
import type { PageImage } from './pageImage';

function sourceOf(t: PageImage['tiles'][number], label: string): TextureSource {
  if (!ArrayBuffer.isView(t.pixels)) return new ImageSource({ resource: t.pixels, label });
  return new BufferImageSource({ resource: t.pixels, width: t.w, height: t.h, format: 'rgba8unorm', label });
}

/** New textures created (and so uploaded) per frame. */
const UPLOADS_PER_FRAME = 1;

interface TextureCounts {
  liveTextures: number;
  maxLiveTextures: number;
  livePages: number;
  maxLivePages: number;
  texturesCreated: number;
  texturesDestroyed: number;
}

export class PageTextures {
  private pages = new Map<number, Texture[]>();
  private retired = new Map<number, Texture[]>();
  private budget = UPLOADS_PER_FRAME;
  /** A page waits for its uploads in a later frame. */
  deferred = false;

  constructor(private readonly counts: TextureCounts) {}

  /** A new frame: one upload's budget again (an upload costs tens of ms without a GPU; two in one task make it long). */
  nextFrame(): void {
    this.budget = UPLOADS_PER_FRAME;
  }

  /** Page i's textures so far, tile by tile, making new ones within this frame's budget. */
  of(i: number, img: PageImage): Texture[] {
    let list = this.pages.get(i);
    if (!list) {
      if (this.budget <= 0) {
        this.deferred = true;
        return [];
      }
      list = [];
      this.pages.set(i, list);
      this.countPages();
    }
    const c = this.counts;
    while (list.length < img.tiles.length && this.budget > 0) {
      this.budget--;
      const t = img.tiles[list.length];
      list.push(new Texture({ source: sourceOf(t, `page-${i}-${list.length}`) }));
      c.liveTextures++;
      c.texturesCreated++;
    }
    c.maxLiveTextures = Math.max(c.maxLiveTextures, c.liveTextures);
    if (list.length < img.tiles.length) this.deferred = true;
    return list;
  }

  /** Destroys page i's textures. */
  release(i: number): void {
    this.destroyList(this.pages.get(i));
    this.pages.delete(i);
    this.countPages();
  }

  /**
   * Page i's image is being replaced (another size): its textures stay drawn (uploaded, they no
   * longer need their bitmaps) until the new image's are all made, then `dropRetired`.
   */
  retire(i: number): void {
    const list = this.pages.get(i);
    if (!list) return;
    this.dropRetired(i);
    this.retired.set(i, list);
    this.pages.delete(i);
    this.countPages();
  }

  dropRetired(i: number): void {
    this.destroyList(this.retired.get(i));
    this.retired.delete(i);
    this.countPages();
  }

  /** Pages holding textures: current or retired (a page being replaced by another size counts once). */
  private countPages(): void {
    let n = this.pages.size;
    for (const i of this.retired.keys()) if (!this.pages.has(i)) n++;
    const c = this.counts;
    c.livePages = n;
    c.maxLivePages = Math.max(c.maxLivePages, n);
  }

  private destroyList(list: Texture[] | undefined): void {
    if (!list) return;
    for (const t of list) t.destroy(true);
    this.counts.liveTextures -= list.length;
    this.counts.texturesDestroyed += list.length;
  }

  destroy(): void {
    for (const i of [...this.retired.keys()]) this.dropRetired(i);
    for (const i of [...this.pages.keys()]) this.release(i);
  }
}
