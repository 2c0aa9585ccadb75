/**
 * What this page's GPU takes, shared by the renderer that finds it out and
 * the decode pool that cuts and sends pages in that shape (one per page: the
 * app's viewer services, src/boot/viewerServices.ts).
 *
 * The largest texture side (px): the GPU's own limit (WebGL's
 * MAX_TEXTURE_SIZE, SwiftShader's is 8192) as a renderer read it when it
 * started, or lower where an embedding page asked for less. Until a renderer
 * has started (the first pages decoded ahead of the app) it assumes 4096,
 * which any GPU the viewer runs on takes: tiles cut smaller than needed still
 * draw whole.
 *
 * The form a tile's pixels reach WebGL in (UploadForm). Engines differ in
 * what they upload right from a bitmap made in a worker: Chromium uploads a
 * cropped ImageBitmap as cut; Firefox uploads every cropped bitmap from its
 * top-left corner (a page's top band repeated down the page); WebKit refuses
 * every bitmap made in a worker (`INVALID_VALUE: texImage2D: bad image data`,
 * a black page). RGBA bytes uploaded as a typed array are right everywhere,
 * so they are the form until the renderer's one-time probe
 * (PageRenderer.probeUploads) has seen this engine upload a worker's cropped
 * bitmaps right; then bitmaps, which cost the worker no read-back of the
 * decoded image. Decided by what the engine does, never by its name.
 */
const ASSUMED = 4096;

/**
 * `pixels`: each tile as RGBA bytes (Uint8ClampedArray) uploaded with texImage2D of a typed array;
 * `bitmap`: each tile an ImageBitmap cut and transferred by the worker.
 */
export type UploadForm = 'pixels' | 'bitmap';

export class GpuUpload {
  private gpu = 0;
  private probed: UploadForm | undefined;

  /** `forced`: a limit below the GPU's (px a side); `forcedForm`: a form chosen by an embedding page (tests, benches), no probe. */
  constructor(
    private readonly forced?: number,
    private readonly forcedForm?: UploadForm,
  ) {}

  /** A renderer read the GPU's limit. */
  noteGpu(max: number): void {
    if (Number.isFinite(max) && max > 0) this.gpu = max;
  }

  get limit(): number {
    const base = this.gpu || ASSUMED;
    return this.forced && this.forced > 0 ? Math.min(this.forced, base) : base;
  }

  /** Whether a renderer should probe the engine's bitmap uploads (once a page). */
  get needsProbe(): boolean {
    return !this.forcedForm && !this.probed;
  }

  /** A renderer's probe: whether worker-made cropped bitmaps uploaded as they were cut. */
  noteProbe(bitmapsUploadRight: boolean): void {
    this.probed = bitmapsUploadRight ? 'bitmap' : 'pixels';
  }

  /** The form decoded tiles are sent in now. */
  get form(): UploadForm {
    return this.forcedForm ?? this.probed ?? 'pixels';
  }
}
