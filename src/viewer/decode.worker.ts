/// <reference lib="webworker" />
/**
 * Decode worker: fetches an encrypted page with streamed progress, XORs it
 * with its key, decodes it with createImageBitmap and transfers it back as a
 * PageImage: its bitmap cut into the tiles the request allows (the GPU's
 * texture limit, one tile's upload a frame; the whole bitmap when it fits).
 * When the request gives the size the page is drawn at and the image is
 * larger, what is sent is the image shrunk to that size with an area filter
 * (core/viewer/resample.ts: screentone and fine lines average to grey instead
 * of shimmering, which the GPU's linear sampling of the full image does;
 * bench/printQuality measures it). When asked, it measures the page's white
 * or black border on a small copy (core/viewer/crop.ts). Several jobs may run
 * at once (the network and decode are async). A new size for the same page
 * is a new request: pages are immutable and cached by the browser (the server
 * sends max-age of a year), so it is read from the HTTP cache, not downloaded
 * again, and no worker holds a full-size copy between requests.
 */
import { measureCrop, type ImageCrop } from '../../core/viewer/crop';
import { areaResampleRows, shrinkTarget, type RowReader } from '../../core/viewer/resample';
import { needsTiles, tileRects } from '../../core/viewer/tiles';
import type { PageImage } from './pageImage';
import { hexToBytes, xorInPlace } from './xor';
import type { LoadRequest, WorkerReply, WorkerRequest } from './workerProtocol';

declare const self: DedicatedWorkerGlobalScope;

const jobs = new Map<number, AbortController>();

function post(msg: WorkerReply, transfer: Transferable[] = []): void {
  self.postMessage(msg, transfer);
}

async function readAll(res: Response, id: number, signal: AbortSignal): Promise<Uint8Array> {
  const total = Number(res.headers.get('content-length') ?? 0) || 0;
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  // Preallocate when the size is known; grow otherwise.
  let buf = new Uint8Array(total > 0 ? total : 256 * 1024);
  let loaded = 0;
  let reported = 0;
  for (;;) {
    if (signal.aborted) throw signal.reason;
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded + value.length > buf.length) {
      const bigger = new Uint8Array(Math.max(buf.length * 2, loaded + value.length));
      bigger.set(buf.subarray(0, loaded));
      buf = bigger;
    }
    buf.set(value, loaded);
    loaded += value.length;
    // The first bytes at once (the bar starts moving), then every 32 KB.
    if (reported === 0 || loaded - reported >= 32 * 1024 || (total > 0 && loaded === total)) {
      reported = loaded;
      post({ type: 'progress', id, loaded, total });
    }
  }
  post({ type: 'progress', id, loaded, total: total || loaded });
  return buf.subarray(0, loaded);
}

/** The crop is measured on a copy whose shorter side is this long (a page: 256 x 362). */
const CROP_SIDE = 256;

function pixels(bitmap: ImageBitmap, w: number, h: number): Uint8ClampedArray {
  const c = new OffscreenCanvas(w, h);
  const g = c.getContext('2d', { willReadFrequently: true })!;
  g.imageSmoothingQuality = 'high';
  g.drawImage(bitmap, 0, 0, w, h);
  return g.getImageData(0, 0, w, h).data;
}

function cropOf(bitmap: ImageBitmap): ImageCrop {
  const k = Math.min(1, CROP_SIDE / Math.min(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * k));
  const h = Math.max(1, Math.round(bitmap.height * k));
  return measureCrop(pixels(bitmap, w, h), w, h);
}

/** Rows of the bitmap read back this many at a time (a 20,000 px strip is never copied whole). */
const BAND = 512;

/** The bitmap's rows [y0, y1) as RGBA, through one band-sized canvas. */
function bandReader(bitmap: ImageBitmap): RowReader {
  const w = bitmap.width;
  const g = new OffscreenCanvas(w, Math.min(BAND, bitmap.height)).getContext('2d', { willReadFrequently: true })!;
  return (y0, y1) => {
    g.clearRect(0, 0, w, y1 - y0);
    g.drawImage(bitmap, 0, y0, w, y1 - y0, 0, 0, w, y1 - y0);
    return g.getImageData(0, 0, w, y1 - y0).data;
  };
}

/**
 * The bitmap shrunk to the request's target with the area filter over the
 * full image, or itself when it needs no shrinking. (Halving natively first
 * and filtering the rest is four times cheaper but measurably not the area
 * filter at ratios other than a power of two: bench/printQuality.)
 */
async function fitted(bitmap: ImageBitmap, req: LoadRequest): Promise<ImageBitmap> {
  const { width, height } = bitmap;
  const size = shrinkTarget(width, height, req.targetWidth ?? 0, req.targetHeight ?? 0);
  if (!size) return bitmap;
  const out = areaResampleRows(bandReader(bitmap), width, height, size.width, size.height, BAND);
  bitmap.close();
  return createImageBitmap(new ImageData(out, size.width, size.height));
}

/** The bitmap in the tiles the request asks for (the whole bitmap as one when it fits). */
async function tiled(bitmap: ImageBitmap, req: LoadRequest): Promise<PageImage> {
  const { width, height } = bitmap;
  const [max, area] = [req.maxSide ?? Infinity, req.maxArea ?? Infinity];
  if (!needsTiles(width, height, max, area)) return { width, height, tiles: [{ x: 0, y: 0, w: width, h: height, bitmap }] };
  const rects = tileRects(width, height, max, area);
  try {
    const bitmaps = await Promise.all(rects.map((r) => createImageBitmap(bitmap, r.x, r.y, r.w, r.h)));
    return { width, height, tiles: rects.map((r, k) => ({ ...r, bitmap: bitmaps[k] })) };
  } finally {
    bitmap.close();
  }
}

/** The page fetched, decrypted and decoded, with its size in bytes. */
async function decoded(req: LoadRequest, signal: AbortSignal): Promise<[ImageBitmap, number]> {
  const res = await fetch(req.url, { signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = await readAll(res, req.id, signal);
  xorInPlace(bytes, hexToBytes(req.key));
  return [await createImageBitmap(new Blob([bytes as BlobPart])), bytes.length];
}

async function load(req: LoadRequest): Promise<void> {
  const ctrl = new AbortController();
  jobs.set(req.id, ctrl);
  try {
    const [full, size] = req.bitmap ? [req.bitmap, 0] : await decoded(req, ctrl.signal);
    const { width, height } = full;
    const crop = req.measureCrop && !ctrl.signal.aborted ? cropOf(full) : undefined;
    const bitmap = ctrl.signal.aborted ? full : await fitted(full, req);
    const image = await tiled(bitmap, req);
    if (ctrl.signal.aborted) {
      for (const t of image.tiles) t.bitmap.close();
      // Answered, so the pool frees the job's place in this worker.
      post({ type: 'aborted', id: req.id });
      return;
    }
    post(
      { type: 'done', id: req.id, image, bytes: size, width, height, ...(crop ? { crop } : {}) },
      image.tiles.map((t) => t.bitmap),
    );
  } catch (e) {
    if (ctrl.signal.aborted) post({ type: 'aborted', id: req.id });
    else post({ type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) });
  } finally {
    jobs.delete(req.id);
  }
}

self.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  const m = ev.data;
  if (m.type === 'load') void load(m);
  else if (m.type === 'abort') jobs.get(m.id)?.abort(new DOMException('aborted', 'AbortError'));
};
