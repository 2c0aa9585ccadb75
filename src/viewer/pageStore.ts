/**
 * The decoded-page cache of one chapter: a pageLoader actor per image page
 * (created when first wanted), the decode pool behind them, and the cache
 * policy deciding what to request, evict and abort as the reader moves.
 * Holds ImageBitmaps only; the renderer turns them into textures and is told
 * to destroy a texture before its bitmap is closed.
 */
import { createActor, type ActorRefFrom } from 'xstate';
import { pageLoaderMachine } from '../../machines/pageLoaderMachine';
import { inspect } from '../lib/inspector';
import { CACHE, toAbort, toEvict, wanted, type CacheConfig } from './cachePolicy';
import type { DecodeHandle, DecodePool } from './decodePool';
import { takePrefetched } from './prefetch';

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

export interface PageStoreEvents {
  /** A page's state changed (progress, decoded, failed, evicted). */
  onChange(index: number): void;
  /** Destroy the texture made from this page's bitmap; the store closes the bitmap next. */
  onRelease(index: number): void;
}

export class PageStore {
  private loaders = new Map<number, Loader>();
  private bitmaps = new Map<number, ImageBitmap>();
  private handles = new Map<number, DecodeHandle>();
  private current = 0;
  private want = new Set<number>();
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

  bitmap(i: number): ImageBitmap | undefined {
    return this.bitmaps.get(i);
  }

  state(i: number): PageState {
    const a = this.loaders.get(i);
    if (!a) return { status: 'idle', loaded: 0, total: 0 };
    const s = a.getSnapshot();
    return { status: s.value, loaded: s.context.loaded, total: s.context.total };
  }

  decodedCount(): number {
    return this.bitmaps.size;
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
            const b = this.bitmaps.get(i);
            this.bitmaps.delete(i);
            this.events.onRelease(i);
            b?.close();
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

  private accept(i: number, bitmap: ImageBitmap): void {
    const a = this.loaders.get(i);
    if (this.destroyed || !a || a.getSnapshot().value !== 'loading') {
      bitmap.close();
      return;
    }
    // Make room first so the cap holds at every moment.
    this.evict(1, i);
    this.bitmaps.set(i, bitmap);
    a.send({ type: 'page.decoded' });
  }

  private evict(incoming: number, keepAlso?: number): void {
    const keep = new Set(this.want);
    if (keepAlso !== undefined) keep.add(keepAlso);
    for (const j of toEvict([...this.bitmaps.keys()], this.current, keep, this.config, incoming))
      this.loaders.get(j)?.send({ type: 'page.evict' });
    // The window is never larger than the cap, so this only trims pages outside it;
    // if it still overflows (a tiny cap), drop the farthest kept ones too.
    if (this.bitmaps.size + incoming > this.config.cap) {
      for (const j of toEvict(
        [...this.bitmaps.keys()],
        this.current,
        new Set(keepAlso === undefined ? [] : [keepAlso]),
        this.config,
        incoming,
      )) {
        this.loaders.get(j)?.send({ type: 'page.evict' });
      }
    }
  }

  /**
   * The reader is at item `current` with `visible` items on screen: request
   * the window (least urgent first, so the pool's stack decodes the most
   * urgent first), abort what fell out of it, trim decoded pages to the cap.
   */
  setPosition(current: number, visible: number[]): void {
    if (this.destroyed) return;
    this.current = current;
    const list = wanted(visible, current, this.sources.length, (i) => !!this.sources[i], this.config);
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
    this.evict(0);
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
    for (const b of this.bitmaps.values()) b.close();
    this.bitmaps.clear();
    this.loaders.clear();
    this.handles.clear();
  }
}
