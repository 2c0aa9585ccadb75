/**
 * The viewer's services that live as long as the page, made once at their
 * first use (the first pages' hand-over, a route's chapter preload, or the
 * first session) with what an embedding page supplied
 * (src/viewer/session/registry.ts): what the GPU takes (the texture limit and
 * the form tiles are uploaded in, src/viewer/gpuUpload.ts), the decode pool, the
 * chapter prefetch and the first pages drawn before the app loaded. This is
 * the one place they are held; sessions get them through their environment
 * (src/screens/viewer/viewerEnvironment.ts).
 */
import type { FirstPagesPort } from '../viewer/session/environment';
import type { ViewerEmbedding } from '../viewer/session/registry';
import type { FirstDrawing } from './chapterStartDrawing';
import { DecodePool, defaultPoolSize } from '../viewer/decodePool';
import { ChapterPrefetch } from '../viewer/prefetch';
import { GpuUpload } from '../viewer/gpuUpload';

/** The first pages' drawing until it is taken off the screen. */
class FirstPagesShown implements FirstPagesPort {
  private shown: FirstDrawing | null = null;

  show(drawing: FirstDrawing): void {
    this.shown = drawing;
  }
  /** Whether `drawing` is the one up now. */
  showing(drawing: FirstDrawing): boolean {
    return this.shown === drawing;
  }
  element(): HTMLElement | null {
    return this.shown?.element ?? null;
  }
  dismiss(): void {
    this.shown?.dismiss();
    this.shown = null;
  }
}

interface ViewerServices {
  embedding: ViewerEmbedding;
  gpu: GpuUpload;
  pool: DecodePool;
  prefetch: ChapterPrefetch;
  firstPages: FirstPagesShown;
}

let services: ViewerServices | undefined;

export function viewerServices(): ViewerServices {
  if (services) return services;
  const embedding = window.__viewerEmbedding ?? {};
  const o = embedding.overrides ?? {};
  const gpu = new GpuUpload(o.maxTextureSize, o.uploadForm);
  // A page embedding the app may pin the pool's size: browser tests queue alike on every machine.
  const pool = new DecodePool(o.poolSize ?? defaultPoolSize(navigator.hardwareConcurrency || 2), gpu);
  services = { embedding, gpu, pool, prefetch: new ChapterPrefetch(pool), firstPages: new FirstPagesShown() };
  return services;
}
