/**
 * The largest texture side the viewer draws (px): the GPU's own limit
 * (WebGL's MAX_TEXTURE_SIZE, SwiftShader's is 8192), as a renderer read it
 * when it started, or lower where an embedding page asked for less. One per
 * page (the app's viewer services, src/boot/viewerServices.ts), shared by
 * the renderer that notes the GPU's limit and the decode pool that cuts
 * larger bitmaps into tiles at most this size (core/viewer/tiles.ts). Until
 * a renderer has started (the first pages decoded ahead of the app) it
 * assumes 4096, which any GPU the viewer runs on takes: tiles cut smaller
 * than needed still draw whole.
 */
const ASSUMED = 4096;

export class TextureLimit {
  private gpu = 0;

  /** `forced`: a limit below the GPU's (px a side), from an embedding page. */
  constructor(private readonly forced?: number) {}

  /** A renderer read the GPU's limit. */
  noteGpu(max: number): void {
    if (Number.isFinite(max) && max > 0) this.gpu = max;
  }

  get(): number {
    const base = this.gpu || ASSUMED;
    return this.forced && this.forced > 0 ? Math.min(this.forced, base) : base;
  }
}
