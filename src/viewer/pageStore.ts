/**
 * The decoded-page cache of one chapter: a pageLoader actor per image page
 * (created when first wanted), the decode pool behind them, and the cache
 * policy deciding what to request, evict and abort as the reader moves.
 * Holds each page as ImageBitmaps: one, or for a page larger than the
 * texture limit (textureLimit.ts) its tiles (core/viewer/tiles.ts), cut from
 * the decoded bitmap, which is then closed; every tile's bytes count against
 * the cache's byte cap. The renderer turns them into textures and is told to
 * destroy those before the bitmaps are closed.
 */
import { createActor, type ActorRefFrom } from 'xstate';
import { pageLoaderMachine } from '../../machines/pageLoaderMachine';
import { needsTiles, tileRects, type TileRect } from '../../core/viewer/tiles';
import { inspect } from '../lib/inspector';
import { CACHE, imageBytes, toAbort, toEvict, wanted, type CacheConfig } from './cachePolicy';
import type { DecodeHandle, DecodePool } from './decodePool';
import { takePrefetched } from './prefetch';
import { textureLimit } from './textureLimit';

export interface PageSource {
  url: string;
  key: string;
}

type PageStatus = 'idle' | 'queued' | 'loading' | 'decoded' | 'failed' | 'evicted';

export interface PageState {
  status: PageStatus;
  loaded: number;
  total: number;
}

type Loader = ActorRefFrom<typeof pageLoaderMachine>;

/** One piece of a page image: where it sits in the image (px) and its pixels. */
interface PageTile extends TileRect {
  bitmap: ImageBitmap;
}

/** A decoded page: its size and its tiles (one, the whole image, when it fits a texture). */
export interface PageImage {
  width: number;
  height: number;
  tiles: readonly PageTile[];
}

const closeImage = (p: PageImage) => p.tiles.forEach((t) => t.bitmap.close());

const whole = (bitmap: ImageBitmap): PageImage => {
  const { width, height } = bitmap;
  return { width, height, tiles: [{ x: 0, y: 0, w: width, h: height, bitmap }] };
};

/** The bitmap cut into tiles at most `max` a side; the whole is closed. */
async function cutTiles(bitmap: ImageBitmap, max: number): Promise<PageImage> {
  const { width, height } = bitmap;
  try {
    const rects = tileRects(width, height, max);
    const bitmaps = await Promise.all(rects.map((r) => createImageBitmap(bitmap, r.x, r.y, r.w, r.h)));
    return { width, height, tiles: rects.map((r, k) => ({ ...r, bitmap: bitmaps[k] })) };
  } finally {
    bitmap.close();
  }
}

export interface PageStoreEvents {
  /** A page's state changed (progress, decoded, failed, evicted). */
  onChange(index: number): void;
  /** Destroy the texture made from this page's bitmap; the store closes the bitmap next. */
  onRelease(index: number): void;
}

export class PageStore {
  private loaders = new Map<number, Loader>();
  private images = new Map<number, PageImage>();
  /** Bytes of every page decoded so far (kept after eviction: the window leaves out what cannot fit). */
  private sizes = new Map<number, number>();
  private handles = new Map<number, DecodeHandle>();
  private current = 0;
  private want = new Set<number>();
  private visible = new Set<number>();
  private readonly bytesOf = (i: number) => this.sizes.get(i) ?? 0;
  private destroyed = false;

  constructor(
    private readonly sources: (PageSource | undefined)[],
    private readonly pool: DecodePool,
    private readonly events: PageStoreEvents,
    private readonly config: CacheConfig = CACHE,
  ) {}

  get count(): number {
    return this.sources.length;
  }

  /** Page i's image while it is decoded. */
  bitmap(i: number): PageImage | undefined {
    return this.images.get(i);
  }

  state(i: number): PageState {
    const a = this.loaders.get(i);
    if (!a) return { status: 'idle', loaded: 0, total: 0 };
    const s = a.getSnapshot();
    return { status: s.value, loaded: s.context.loaded, total: s.context.total };
  }

  decodedCount(): number {
    return this.images.size;
  }

  /** Bytes of the decoded pages (all their tiles). */
  decodedBytes(): number {
    let n = 0;
    for (const i of this.images.keys()) n += this.bytesOf(i);
    return n;
  }

  private loader(i: number): Loader {
    let a = this.loaders.get(i);
    if (a) return a;
    const src = this.sources[i]!;
    a = createActor(
      pageLoaderMachine.provide({
        actions: {
          enqueue: () => queueMicrotask(() => this.start(i, src)),
          abortFetch: () => {
            this.handles.get(i)?.cancel();
            this.handles.delete(i);
          },
          releaseBitmap: () => {
            // Out of the map first: the renderer, told next, must not make a new texture from it.
            const b = this.images.get(i);
            this.images.delete(i);
            this.events.onRelease(i);
            if (b) closeImage(b);
          },
        },
      }),
      { input: { index: i }, inspect },
    );
    a.subscribe(() => this.events.onChange(i));
    a.start();
    this.loaders.set(i, a);
    return a;
  }

  private start(i: number, src: PageSource): void {
    const a = this.loaders.get(i);
    if (this.destroyed || !a || a.getSnapshot().value !== 'queued') return;
    const ready = takePrefetched(src.url);
    if (ready) {
      a.send({ type: 'page.start' });
      // Decoded (or decoding) ahead of time; if that failed, fetch it as usual.
      ready.then(
        (b) => this.accept(i, b),
        () => this.fetch(i, src, a),
      );
      return;
    }
    this.fetch(i, src, a);
  }

  private fetch(i: number, src: PageSource, a: Loader): void {
    if (this.destroyed || (a.getSnapshot().value !== 'loading' && a.getSnapshot().value !== 'queued')) return;
    this.handles.set(
      i,
      this.pool.request(src.url, src.key, {
        onStart: () => a.send({ type: 'page.start' }),
        onProgress: (loaded, total) => a.send({ type: 'page.progress', loaded, total }),
        onDone: (bitmap) => {
          this.handles.delete(i);
          this.accept(i, bitmap);
        },
        onError: (message) => {
          this.handles.delete(i);
          a.send({ type: 'page.failed', message });
        },
      }),
    );
  }

  private live(i: number): boolean {
    return !this.destroyed && this.loaders.get(i)?.getSnapshot().value === 'loading';
  }

  private accept(i: number, bitmap: ImageBitmap): void {
    if (!this.live(i)) return bitmap.close();
    const max = textureLimit();
    if (!needsTiles(bitmap.width, bitmap.height, max)) return this.keep(i, whole(bitmap));
    cutTiles(bitmap, max).then(
      (img) => this.keep(i, img),
      (e: unknown) =>
        this.live(i) && this.loaders.get(i)?.send({ type: 'page.failed', message: e instanceof Error ? e.message : String(e) }),
    );
  }

  private keep(i: number, img: PageImage): void {
    const a = this.loaders.get(i);
    if (!a || !this.live(i)) return closeImage(img);
    const bytes = imageBytes(img.width, img.height);
    this.sizes.set(i, bytes);
    // A page off screen that would only fit by evicting nearer ones is dropped instead
    // (its size is known now: the window leaves it out from here on).
    if (!this.visible.has(i) && this.config.capBytes !== undefined) {
      const all = { ...this.config, cap: Infinity };
      if (toEvict([...this.images.keys(), i], this.current, this.visible, all, 0, this.bytesOf).includes(i)) {
        closeImage(img);
        a.send({ type: 'page.evict' });
        return;
      }
    }
    // Make room first so the caps hold at every moment.
    this.evict(1, bytes, i);
    this.images.set(i, img);
    a.send({ type: 'page.decoded' });
  }

  private evict(incoming: number, incomingBytes: number, keepAlso?: number): void {
    const also = keepAlso === undefined ? [] : [keepAlso];
    const pass = (keep: Set<number>, c: CacheConfig) => {
      for (const j of toEvict([...this.images.keys()], this.current, keep, c, incoming, this.bytesOf, incomingBytes))
        this.loaders.get(j)?.send({ type: 'page.evict' });
    };
    // The window is never larger than the caps, so this only trims pages outside it.
    pass(new Set([...this.want, ...also]), this.config);
    // If it still overflows (a tiny cap), drop the farthest kept ones too;
    pass(new Set(also), { ahead: this.config.ahead, behind: this.config.behind, cap: this.config.cap });
    // and over the bytes (pages first seen), all but the pages on screen.
    pass(new Set([...this.visible, ...also]), { ...this.config, cap: Infinity });
  }

  /**
   * The reader is at item `current` with `visible` items on screen: request
   * the window (least urgent first, so the pool's stack decodes the most
   * urgent first), abort what fell out of it, trim decoded pages to the cap.
   */
  setPosition(current: number, visible: number[]): void {
    if (this.destroyed) return;
    this.current = current;
    this.visible = new Set(visible);
    const list = wanted(visible, current, this.sources.length, (i) => !!this.sources[i], this.config, this.bytesOf);
    this.want = new Set(list);
    const inFlight = [...this.loaders.entries()]
      .filter(([, a]) => ['queued', 'loading'].includes(a.getSnapshot().value as string))
      .map(([i]) => i);
    for (const i of toAbort(inFlight, this.want)) this.loaders.get(i)?.send({ type: 'page.evict' });
    // A failed page left behind is forgotten: coming back to it tries again.
    for (const [i, a] of this.loaders) if (a.getSnapshot().value === 'failed' && !this.want.has(i)) a.send({ type: 'page.evict' });
    for (let k = list.length - 1; k >= 0; k--) {
      const i = list[k];
      const s = this.loader(i).getSnapshot().value;
      if (s === 'idle' || s === 'evicted') this.loader(i).send({ type: 'page.request' });
    }
    this.evict(0, 0);
  }

  retry(i: number): void {
    this.loaders.get(i)?.send({ type: 'page.retry' });
  }

  destroy(): void {
    this.destroyed = true;
    for (const a of this.loaders.values()) {
      a.send({ type: 'page.evict' });
      a.stop();
    }
    for (const h of this.handles.values()) h.cancel();
    for (const b of this.images.values()) closeImage(b);
    this.images.clear();
    this.loaders.clear();
    this.handles.clear();
  }
}
