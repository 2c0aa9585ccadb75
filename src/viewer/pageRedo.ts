/**
 * Pages decoded again at a new size: the decode worker shrinks a page to the
 * size it is drawn at (print quality: an area filter, no shimmer); when the
 * zoom or the layout changes that size by more than 5%, a page on screen is
 * requested again with the new size (its bytes come from the HTTP cache) and
 * its image replaced when the new one is ready, the old one drawn meanwhile.
 * A page whose border was never measured is requested again the same way.
 */
import type { ImageCrop } from '../../core/viewer/crop';
import type { DecodedInfo, DecodeHandle, DecodeOptions, DecodePool } from './decodePool';
import type { PageImage } from './pageImage';

/** The size (device px) page i's whole image is drawn at now; undefined while it has no place. */
export type DrawnSize = (i: number) => { width: number; height: number } | undefined;

const TOLERANCE = 0.05;

/** What the page store tells and is told. */
export interface RedoHost {
  /** Page i's bitmap width now, when it is decoded. */
  bitmapWidth(i: number): number | undefined;
  /** The image's own width (the bitmap may be smaller). */
  naturalWidth(i: number): number | undefined;
  /** Whether page i's border is measured (a page decoded on the main thread before the app loaded has none). */
  cropKnown(i: number): boolean;
  source(i: number): { url: string; key: string } | undefined;
  options(i: number): DecodeOptions;
  decoded(i: number, crop: ImageCrop | undefined, info: DecodedInfo | undefined): void;
  /** Page i's new image; the host replaces the old one (or closes the new one if the page went). */
  replace(i: number, image: PageImage): void;
}

export class PageRedo {
  private running = new Map<number, DecodeHandle>();

  constructor(
    private readonly pool: DecodePool,
    private readonly drawnSize: DrawnSize,
    private readonly host: RedoHost,
  ) {}

  /** Requests again the pages in `pages` drawn at a size other than their bitmap's. */
  check(pages: Iterable<number>): void {
    const h = this.host;
    for (const i of pages) {
      const have = h.bitmapWidth(i);
      const src = h.source(i);
      const t = this.drawnSize(i);
      if (have === undefined || !src || !t || this.running.has(i)) continue;
      // Never larger than the image itself (the GPU enlarges).
      const want = Math.min(t.width, h.naturalWidth(i) ?? have);
      if (Math.abs(want - have) <= want * TOLERANCE && h.cropKnown(i)) continue;
      const noop = () => {};
      const onDone = (image: PageImage, crop?: ImageCrop, info?: DecodedInfo) => {
        this.running.delete(i);
        h.decoded(i, crop, info);
        h.replace(i, image);
      };
      const onError = () => this.running.delete(i);
      this.running.set(i, this.pool.request(src.url, src.key, { onStart: noop, onProgress: noop, onDone, onError }, h.options(i)));
    }
  }

  /** Page i left the cache: its new size is not wanted. */
  cancel(i: number): void {
    this.running.get(i)?.cancel();
    this.running.delete(i);
  }

  destroy(): void {
    for (const h of this.running.values()) h.cancel();
    this.running.clear();
  }
}
