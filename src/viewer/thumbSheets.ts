/**
 * A chapter's page thumbnails in the browser (core/viewer/pageThumbs.ts):
 * each sheet fetched and decrypted in a decode worker once (its bytes come
 * back as a Blob), decoded off the main thread (img.decode()) before anyone
 * shows it, and kept as a blob: URL while the chapter is open; a sheet that
 * failed is asked for again at its next use. Offline, the sheets come from
 * the saved chapter (src/features/offline): the worker's fetch goes through
 * the service worker as the pages' do.
 */
import type { ChapterThumbs, PageThumb } from '../../core/viewer/pageThumbs';

/** Where sheets come from: the decode pool (DecodePool.thumbSheet), or a test's stand-in. */
export type SheetSource = (url: string, key: string) => Promise<Blob>;

/** What the page does with a sheet's Blob: a URL the DOM shows, decoded first. */
export interface SheetDisplay {
  show(blob: Blob): Promise<string>;
  forget(url: string): void;
}

/** The browser's: a blob: URL, decoded by an <img> off the main thread before it is handed out. */
export const blobDisplay: SheetDisplay = {
  async show(blob) {
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.src = url;
    try {
      await img.decode();
    } catch (e) {
      URL.revokeObjectURL(url);
      throw e;
    }
    return url;
  },
  forget: (url) => URL.revokeObjectURL(url),
};

export class ThumbSheets {
  private readonly loading = new Map<number, Promise<string>>();
  private readonly ready = new Map<number, string>();
  /** Sheets whose last load failed (a retry asks for them all again). */
  private readonly failed = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(
    readonly thumbs: ChapterThumbs,
    private readonly source: SheetSource,
    private readonly display: SheetDisplay = blobDisplay,
  ) {}

  /** Page n's (1-based) place in its sheet. */
  page(n: number): PageThumb | undefined {
    return this.thumbs.pages[n - 1];
  }

  /** The sheet's URL if it is loaded and decoded. */
  url(sheet: number): string | undefined {
    return this.ready.get(sheet);
  }

  /** Loads a sheet (once; again after a failure): its URL once decoded. */
  load(sheet: number): Promise<string> {
    const known = this.loading.get(sheet);
    if (known) return known;
    const s = this.thumbs.sheets[sheet];
    if (!s) return Promise.reject(new Error(`no thumbnail sheet ${sheet}`));
    const job = this.source(s.url, s.key)
      .then((blob) => this.display.show(blob))
      .then((url) => {
        if (this.closed) {
          this.display.forget(url);
          throw new Error('the thumbnails were closed');
        }
        this.ready.set(sheet, url);
        this.failed.delete(sheet);
        for (const l of this.listeners) l();
        return url;
      });
    job.catch(() => {
      this.loading.delete(sheet);
      if (!this.closed) this.failed.add(sheet);
    });
    this.loading.set(sheet, job);
    return job;
  }

  /**
   * The reader's retry: this sheet and every other one that failed (the
   * strip's pictures further down asked for theirs once, as they came near
   * the screen, and would otherwise stay empty boxes). Answers this sheet's load.
   */
  retry(sheet: number): Promise<string> {
    for (const s of this.failed) if (s !== sheet) this.load(s).catch(() => {});
    return this.load(sheet);
  }

  /** Calls `fn` when a sheet becomes ready; returns the unsubscribe. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** In use (again, after dispose: React may end an effect and run it anew). */
  open(): void {
    this.closed = false;
  }

  /** Frees every sheet's URL (a sheet asked for later is loaded again). */
  dispose(): void {
    this.closed = true;
    for (const url of this.ready.values()) this.display.forget(url);
    this.ready.clear();
    this.loading.clear();
    this.failed.clear();
  }
}
