/**
 * The decoded-page cache of one chapter: a pageLoader actor per image page (created when first
 * wanted), the decode pool behind them, and the cache policy deciding what to request, evict and
 * abort as the reader moves. Pages are asked for at the size drawn (the worker shrinks them with an
 * area filter, and measures their border) and asked again when that size changes (pageRedo.ts).
 * Holds each page as a PageImage (pageImage.ts: one bitmap, or tiles past the texture limit), every
 * tile's bytes counted against the byte cap. The renderer turns them into textures and is told to
 * destroy those before the bitmaps are closed.
 */
import { createActor, type ActorRefFrom } from 'xstate';
import { pageLoaderMachine } from '../../machines/pageLoaderMachine';
import type { ImageCrop } from '../../core/viewer/crop';
import { closeImage, type PageImage } from './pageImage';
import { inspect } from '../../web/inspector';
import { CACHE, imageBytes, toAbort, toEvict, wanted, type CacheConfig } from './cachePolicy';
import type { DecodedInfo, DecodeHandle, DecodeOptions, DecodePool } from './decodePool';
import { PageRedo, type DrawnSize } from './pageRedo';
import type { Prefetched } from './prefetch';

export interface PageSource {
  url: string;
  key: string;
}

export interface PageState {
  status: 'idle' | 'queued' | 'loading' | 'decoded' | 'failed' | 'evicted';
  loaded: number;
  total: number;
}

type Loader = ActorRefFrom<typeof pageLoaderMachine>;

export interface PageStoreEvents {
  /** A page's state changed (progress, decoded, failed, evicted) or its image was replaced. */
  onChange(index: number): void;
  /** Destroy the texture made from this page's bitmap; the store closes the bitmap next. */
  onRelease(index: number): void;
  /** Page i's border (crop) became known. */
  onCrop?(index: number): void;
}

export class PageStore {
  private loaders = new Map<number, Loader>();
  private images = new Map<number, PageImage>();
  /** Bytes of every page decoded so far (kept after eviction: the window leaves out what cannot fit). */
  private sizes = new Map<number, number>();
  private handles = new Map<number, DecodeHandle>();
  private current = 0;
  private at = '';
  private want = new Set<number>();
  private visible = new Set<number>();
  private readonly bytesOf = (i: number) => this.sizes.get(i) ?? 0;
  /** Measured borders and the images' own sizes (bitmaps may be shrunk), kept after eviction. */
  private crops = new Map<number, ImageCrop>();
  private natural = new Map<number, { width: number; height: number }>();
  private readonly redo: PageRedo;
  private destroyed = false;

  constructor(
    private readonly sources: (PageSource | undefined)[],
    private readonly pool: DecodePool,
    private readonly events: PageStoreEvents,
    private readonly config: CacheConfig = CACHE,
    private readonly drawnSize: DrawnSize = () => undefined,
    /** A first page decoded ahead of the session (the environment's chapter prefetch), taken once. */
    private readonly prefetched: (url: string) => Promise<Prefetched> | undefined = () => undefined,
  ) {
    this.redo = new PageRedo(pool, drawnSize, {
      bitmapWidth: (i) => this.images.get(i)?.width,
      naturalWidth: (i) => this.natural.get(i)?.width,
      cropKnown: (i) => this.crops.has(i),
      source: (i) => this.sources[i],
      options: (i) => this.options(i),
      decoded: (i, crop, info) => this.noteDecoded(i, crop, info),
      replace: (i, image) => this.replace(i, image),
    });
  }

  /** Page i's measured border, once it has been decoded. */
  crop(i: number): ImageCrop | undefined {
    return this.crops.get(i);
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
  /** Where item i's image comes from (browser tests decrypt it themselves to compare what is drawn). */
  source(i: number): PageSource | undefined {
    return this.sources[i];
  }

  decodedBytes(): number {
    return [...this.images.keys()].reduce((n, i) => n + this.bytesOf(i), 0);
  }

  /** The page loader with this store's effects, made once (each page's actor gets its index as input). */
  private readonly loaderLogic = pageLoaderMachine.provide({
    actions: {
      enqueue: ({ context }) => queueMicrotask(() => this.start(context.index, this.sources[context.index]!)),
      abortFetch: ({ context }) => {
        this.handles.get(context.index)?.cancel();
        this.handles.delete(context.index);
      },
      releaseBitmap: ({ context: { index: i } }) => {
        this.redo.cancel(i);
        // Out of the map first: the renderer, told next, must not make a new texture from it.
        const b = this.images.get(i);
        this.images.delete(i);
        this.events.onRelease(i);
        if (b) closeImage(b);
      },
    },
  });

  private loader(i: number): Loader {
    let a = this.loaders.get(i);
    if (a) return a;
    a = createActor(this.loaderLogic, { input: { index: i }, inspect });
    a.subscribe(() => this.events.onChange(i));
    a.start();
    this.loaders.set(i, a);
    return a;
  }

  private start(i: number, src: PageSource): void {
    const a = this.loaders.get(i);
    if (this.destroyed || !a || a.getSnapshot().value !== 'queued') return;
    const ready = this.prefetched(src.url);
    if (ready) {
      a.send({ type: 'page.start' });
      // Decoded (or decoding) ahead of time; if that failed, fetch it as usual.
      ready.then(
        (p) => (p instanceof ImageBitmap ? this.fetch(i, src, a, p) : this.keep(i, p)),
        () => this.fetch(i, src, a),
      );
      return;
    }
    this.fetch(i, src, a);
  }

  /** Page i from the pool; `bitmap`: already decoded on this thread, only shrunk, measured and tiled in the worker. */
  private fetch(i: number, src: PageSource, a: Loader, bitmap?: ImageBitmap): void {
    if (this.destroyed || (a.getSnapshot().value !== 'loading' && a.getSnapshot().value !== 'queued')) return bitmap?.close();
    this.handles.set(
      i,
      this.pool.request(
        src.url,
        src.key,
        {
          onStart: () => a.send({ type: 'page.start' }),
          onProgress: (loaded, total) => a.send({ type: 'page.progress', loaded, total }),
          onDone: (image, crop, info) => {
            this.handles.delete(i);
            this.noteDecoded(i, crop, info);
            this.keep(i, image);
          },
          onError: (message) => {
            this.handles.delete(i);
            a.send({ type: 'page.failed', message });
          },
        },
        { ...this.options(i), ...(bitmap ? { bitmap } : {}) },
      ),
    );
  }

  private options(i: number): DecodeOptions {
    const target = this.drawnSize(i);
    return { measureCrop: true, ...(target ? { target } : {}) };
  }

  private noteDecoded(i: number, crop: ImageCrop | undefined, info: DecodedInfo | undefined): void {
    if (info) this.natural.set(i, info);
    if (!crop || this.crops.has(i)) return;
    this.crops.set(i, crop);
    this.events.onCrop?.(i);
  }

  /** The zoom or the layout changed: pages on screen shrunk to another size are decoded again (pageRedo.ts). */
  rescale(): void {
    if (!this.destroyed) this.redo.check(this.visible);
  }

  /** Page i's image replaced by one of another size. */
  private replace(i: number, next: PageImage): void {
    const old = this.images.get(i);
    if (this.destroyed || !old) return closeImage(next);
    this.images.delete(i);
    this.events.onRelease(i);
    closeImage(old);
    this.images.set(i, next);
    this.sizes.set(i, imageBytes(next.width, next.height));
    this.events.onChange(i);
  }

  private live(i: number): boolean {
    return !this.destroyed && this.loaders.get(i)?.getSnapshot().value === 'loading';
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
    // A page decoded ahead without a size (the next chapter's first pages) is asked for again at the size drawn.
    if (this.visible.has(i)) this.redo.check([i]);
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
    // Called on every drag and scroll step: only a new place or a new set of pages on screen changes anything.
    const at = `${current}:${visible.join()}`;
    if (this.destroyed || at === this.at) return;
    this.at = at;
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
    this.redo.destroy();
    for (const b of this.images.values()) closeImage(b);
    this.images.clear();
    this.loaders.clear();
    this.handles.clear();
  }
}
