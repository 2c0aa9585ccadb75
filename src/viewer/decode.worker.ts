/// <reference lib="webworker" />
/**
 * Decode worker: fetches an encrypted page with streamed progress, XORs it
 * with its key, decodes it with createImageBitmap and transfers it back as a
 * PageImage: its pixels cut into the tiles the request allows (the GPU's
 * texture limit, one tile's upload a frame; the whole image when it fits),
 * as bitmaps or as RGBA bytes, the form the request names (gpuUpload.ts: what
 * this engine uploads right; for the renderer's probe of that it makes
 * cropped bitmaps of a known picture).
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
import { needsTiles, tilePixels, tileRects } from '../../core/viewer/tiles';
import { closeImage, type PageImage } from './pageImage';
import { hexToBytes, xorInPlace } from './xor';
import type { LoadRequest, ProbeTile, WorkerReply, WorkerRequest } from './workerProtocol';

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

/** A decoded image: a bitmap, or its RGBA rows (what the area filter gives). */
type Raster = { width: number; height: number } & ({ bitmap: ImageBitmap } | { rgba: Uint8ClampedArray });

/**
 * The bitmap shrunk to the request's target with the area filter over the
 * full image, or itself when it needs no shrinking. (Halving natively first
 * and filtering the rest is four times cheaper but measurably not the area
 * filter at ratios other than a power of two: bench/printQuality.) The
 * filter's RGBA rows are kept as they are when the tiles go as bytes.
 */
async function fitted(bitmap: ImageBitmap, req: LoadRequest): Promise<Raster> {
  const { width, height } = bitmap;
  const size = shrinkTarget(width, height, req.targetWidth ?? 0, req.targetHeight ?? 0);
  if (!size) return { width, height, bitmap };
  const out = areaResampleRows(bandReader(bitmap), width, height, size.width, size.height, BAND);
  bitmap.close();
  if (req.form === 'pixels') return { ...size, rgba: out };
  return { ...size, bitmap: await createImageBitmap(new ImageData(out, size.width, size.height)) };
}

/** The image's RGBA rows: read back band by band through a 2D canvas (which every engine crops right). */
function rgbaOf(bitmap: ImageBitmap): Uint8ClampedArray {
  const { width, height } = bitmap;
  const out = new Uint8ClampedArray(width * height * 4);
  const read = bandReader(bitmap);
  for (let y = 0; y < height; y += BAND) out.set(read(y, Math.min(height, y + BAND)), y * width * 4);
  bitmap.close();
  return out;
}

/** The image in the tiles the request asks for (the whole image as one when it fits), in the request's form. */
async function tiled(r: Raster, req: LoadRequest): Promise<PageImage> {
  const { width, height } = r;
  const [max, area] = [req.maxSide ?? Infinity, req.maxArea ?? Infinity];
  const rects = needsTiles(width, height, max, area) ? tileRects(width, height, max, area) : [{ x: 0, y: 0, w: width, h: height }];
  if ('rgba' in r || req.form === 'pixels') {
    const rgba = 'rgba' in r ? r.rgba : rgbaOf(r.bitmap);
    return { width, height, tiles: rects.map((t) => ({ ...t, pixels: tilePixels(rgba, width, t) })) };
  }
  const { bitmap } = r;
  if (rects.length === 1) return { width, height, tiles: [{ ...rects[0], pixels: bitmap }] };
  try {
    const bitmaps = await Promise.all(rects.map((t) => createImageBitmap(bitmap, t.x, t.y, t.w, t.h)));
    return { width, height, tiles: rects.map((t, k) => ({ ...t, pixels: bitmaps[k] })) };
  } finally {
    bitmap.close();
  }
}

/** What a reply transfers: each bitmap, and each buffer under the tiles' bytes once. */
function transfers(image: PageImage): Transferable[] {
  const out = new Set<Transferable>();
  for (const t of image.tiles) out.add(ArrayBuffer.isView(t.pixels) ? t.pixels.buffer : t.pixels);
  return [...out];
}

/**
 * The renderer's probe (gpuUpload.ts): an 8 x 8 picture of four coloured quadrants, made as a
 * bitmap from bytes and as one decoded from a PNG (the two ways a page's bitmap is made here),
 * each cropped to one quadrant as page tiles are: an engine that uploads them right draws each
 * in its quadrant's colour.
 */
async function probe(id: number): Promise<void> {
  const colours: ProbeTile['rgb'][] = [
    [230, 30, 30],
    [30, 200, 60],
    [40, 60, 220],
    [240, 200, 40],
  ];
  const px = new Uint8ClampedArray(8 * 8 * 4);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) px.set([...colours[(y >> 2) * 2 + (x >> 2)], 255], (y * 8 + x) * 4);
  const fromBytes = await createImageBitmap(new ImageData(px, 8, 8));
  const canvas = new OffscreenCanvas(8, 8);
  canvas.getContext('2d')!.putImageData(new ImageData(px, 8, 8), 0, 0);
  const fromPng = await createImageBitmap(await canvas.convertToBlob({ type: 'image/png' }));
  const tiles: ProbeTile[] = [
    { bitmap: await createImageBitmap(fromBytes, 4, 4, 4, 4), rgb: colours[3] },
    { bitmap: await createImageBitmap(fromPng, 0, 4, 4, 4), rgb: colours[2] },
    { bitmap: await createImageBitmap(fromPng, 4, 0, 4, 4), rgb: colours[1] },
  ];
  fromBytes.close();
  fromPng.close();
  post(
    { type: 'probe', id, tiles },
    tiles.map((t) => t.bitmap),
  );
}

/** The page fetched, decrypted and decoded, with its size in bytes. */
async function decoded(req: LoadRequest, signal: AbortSignal): Promise<[ImageBitmap, number]> {
  const res = await fetch(req.url, { signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = await readAll(res, req.id, signal);
  xorInPlace(bytes, hexToBytes(req.key));
  return [await createImageBitmap(new Blob([bytes as BlobPart])), bytes.length];
}

/**
 * A thumbnail sheet: fetched and decrypted here, sent back as a WebP Blob
 * (the page decodes it off its main thread, img.decode(), and draws it in the
 * DOM: no bitmap crosses to WebGL, so no engine's upload quirk applies).
 */
async function thumbs(id: number, url: string, key: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = xorInPlace(new Uint8Array(await res.arrayBuffer()), hexToBytes(key));
  post({ type: 'thumbs', id, blob: new Blob([bytes as BlobPart], { type: 'image/webp' }) });
}

async function load(req: LoadRequest): Promise<void> {
  const ctrl = new AbortController();
  jobs.set(req.id, ctrl);
  try {
    const [full, size] = req.bitmap ? [req.bitmap, 0] : await decoded(req, ctrl.signal);
    const { width, height } = full;
    const crop = req.measureCrop && !ctrl.signal.aborted ? cropOf(full) : undefined;
    const raster = ctrl.signal.aborted ? undefined : await fitted(full, req);
    const image = raster && !ctrl.signal.aborted ? await tiled(raster, req) : undefined;
    if (!image || ctrl.signal.aborted) {
      if (image) closeImage(image);
      else if (raster && 'bitmap' in raster) raster.bitmap.close();
      else if (!raster) full.close();
      // Answered, so the pool frees the job's place in this worker.
      post({ type: 'aborted', id: req.id });
      return;
    }
    post({ type: 'done', id: req.id, image, bytes: size, width, height, ...(crop ? { crop } : {}) }, transfers(image));
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
  else if (m.type === 'probe')
    probe(m.id).catch((e: unknown) => post({ type: 'error', id: m.id, message: e instanceof Error ? e.message : String(e) }));
  else if (m.type === 'thumbs')
    thumbs(m.id, m.url, m.key).catch((e: unknown) =>
      post({ type: 'error', id: m.id, message: e instanceof Error ? e.message : String(e) }),
    );
  else if (m.type === 'abort') jobs.get(m.id)?.abort(new DOMException('aborted', 'AbortError'));
};
