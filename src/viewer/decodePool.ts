/**
 * A small pool of module Web Workers that fetch, decrypt and decode page
 * images. Requests wait in a stack: the newest request is decoded first
 * (the reader's latest position matters most). Cancelling a queued request
 * drops it; cancelling a running one aborts its fetch in the worker.
 *
 * A request may give the size the page is drawn at (the worker then sends it
 * shrunk to that size with an area filter when it is larger) and ask for its
 * border crop. When the zoom changes, the caller requests the page again at
 * the new size: the bytes come from the browser's HTTP cache (page images
 * are immutable, cached a year), so only the decode and the shrink run again.
 */
import type { ImageCrop } from '../../core/viewer/crop';
import { closeImage, UPLOAD_TILE_AREA, type PageImage } from './pageImage';
import type { GpuUpload } from './gpuUpload';
import type { LoadRequest, ProbeTile, WorkerReply, WorkerRequest } from './workerProtocol';

/** What the finished decode gives besides the bitmap. */
export interface DecodedInfo {
  /** The image's own size; the bitmap is smaller when the worker shrank it to the target. */
  width: number;
  height: number;
}

export interface DecodeCallbacks {
  onStart(): void;
  onProgress(loaded: number, total: number): void;
  /** The image in tiles (the caller owns their bitmaps and closes them); `crop` when asked for (measureCrop); the pool always gives `info`. */
  onDone(image: PageImage, crop?: ImageCrop, info?: DecodedInfo): void;
  onError(message: string): void;
}

export interface DecodeOptions {
  /** The size (device px) the whole page is drawn at; with a crop, the uncropped image's size at the shown scale. */
  target?: { width: number; height: number };
  /** Measure the page's white or black border. */
  measureCrop?: boolean;
  /** The page already decoded (transferred to the worker): shrunk, measured and tiled there, not fetched. */
  bitmap?: ImageBitmap;
}

export interface DecodeHandle {
  cancel(): void;
}

interface Job extends DecodeCallbacks {
  id: number;
  url: string;
  key: string;
  options: DecodeOptions;
  worker?: Slot;
  cancelled: boolean;
}

interface Slot {
  worker: Worker;
  running: number;
}

export interface PoolStats {
  started: number;
  done: number;
  aborted: number;
  failed: number;
  queued: number;
  running: number;
}

const PER_WORKER = 2;

export class DecodePool {
  private slots: Slot[] = [];
  private stack: Job[] = [];
  private running = new Map<number, Job>();
  private nextId = 1;
  private probes = new Map<number, { resolve(t: ProbeTile[]): void; reject(e: Error): void }>();
  private sheets = new Map<number, { resolve(b: Blob): void; reject(e: Error): void }>();
  readonly stats: PoolStats = { started: 0, done: 0, aborted: 0, failed: 0, queued: 0, running: 0 };

  /** `size` workers, each cutting pages into tiles no larger than `gpu`'s limit and sending them in its form. */
  constructor(
    private readonly size: number,
    private readonly gpu: GpuUpload,
    private readonly spawn: () => Worker = () =>
      new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module', name: 'page-decoder' }),
  ) {}

  private slot(): Slot | undefined {
    if (this.slots.length < this.size) {
      const s: Slot = { worker: this.spawn(), running: 0 };
      s.worker.onmessage = (e: MessageEvent<WorkerReply>) => this.onReply(s, e.data);
      this.slots.push(s);
      return s;
    }
    let best: Slot | undefined;
    for (const s of this.slots) if (s.running < PER_WORKER && (!best || s.running < best.running)) best = s;
    return best;
  }

  /** The form tiles are sent in now (the GPU's: gpuUpload.ts). */
  get uploadForm(): GpuUpload['form'] {
    return this.gpu.form;
  }

  /** Starts the workers now (their script loads while other work goes on). */
  warm(): void {
    while (this.slots.length < this.size) this.slot();
  }

  /** Cropped bitmaps of a known picture, made in a worker as page tiles are (the renderer's upload probe, gpuUpload.ts). */
  probe(): Promise<ProbeTile[]> {
    const s = this.slots[0] ?? this.slot()!;
    const id = this.nextId++;
    return new Promise<ProbeTile[]>((resolve, reject) => {
      this.probes.set(id, { resolve, reject });
      s.worker.postMessage({ type: 'probe', id } satisfies WorkerRequest);
    });
  }

  /** A thumbnail sheet fetched and decrypted in a worker (core/viewer/pageThumbs.ts): its WebP as a Blob. */
  thumbSheet(url: string, key: string): Promise<Blob> {
    const s = this.slots[0] ?? this.slot()!;
    const id = this.nextId++;
    return new Promise<Blob>((resolve, reject) => {
      this.sheets.set(id, { resolve, reject });
      s.worker.postMessage({ type: 'thumbs', id, url, key } satisfies WorkerRequest);
    });
  }

  request(url: string, key: string, cb: DecodeCallbacks, options: DecodeOptions = {}): DecodeHandle {
    const job: Job = { ...cb, id: this.nextId++, url, key, options, cancelled: false };
    this.stack.push(job);
    this.pump();
    return { cancel: () => this.cancel(job) };
  }

  private cancel(job: Job): void {
    if (job.cancelled) return;
    job.cancelled = true;
    const i = this.stack.indexOf(job);
    if (i >= 0) {
      this.stack.splice(i, 1);
      job.options.bitmap?.close();
    } else if (job.worker) job.worker.worker.postMessage({ type: 'abort', id: job.id } satisfies WorkerRequest);
    this.stats.queued = this.stack.length;
  }

  private pump(): void {
    while (this.stack.length > 0) {
      const s = this.slot();
      if (!s) break;
      const job = this.stack.pop()!;
      job.worker = s;
      s.running++;
      this.running.set(job.id, job);
      this.stats.started++;
      s.worker.postMessage(loadRequest(job, this.gpu), job.options.bitmap ? [job.options.bitmap] : []);
      job.onStart();
    }
    this.stats.queued = this.stack.length;
    this.stats.running = this.running.size;
  }

  private onReply(s: Slot, m: WorkerReply): void {
    const probe = this.probes.get(m.id);
    if (probe) {
      this.probes.delete(m.id);
      if (m.type === 'probe') probe.resolve(m.tiles);
      else probe.reject(new Error(m.type === 'error' ? m.message : m.type));
      return;
    }
    const sheet = this.sheets.get(m.id);
    if (sheet) {
      this.sheets.delete(m.id);
      if (m.type === 'thumbs') sheet.resolve(m.blob);
      else sheet.reject(new Error(m.type === 'error' ? m.message : m.type));
      return;
    }
    const job = this.running.get(m.id);
    if (!job) {
      if (m.type === 'done') closeImage(m.image);
      return;
    }
    if (m.type === 'progress') {
      if (!job.cancelled) job.onProgress(m.loaded, m.total);
      return;
    }
    this.running.delete(m.id);
    s.running--;
    if (m.type === 'done') {
      this.stats.done++;
      if (job.cancelled) closeImage(m.image);
      else job.onDone(m.image, m.crop, { width: m.width, height: m.height });
    } else if (m.type === 'error') {
      this.stats.failed++;
      if (!job.cancelled) job.onError(m.message);
    } else {
      this.stats.aborted++;
    }
    this.pump();
  }

  destroy(): void {
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
    this.stack = [];
    this.running.clear();
    for (const p of [...this.probes.values(), ...this.sheets.values()]) p.reject(new Error('the decode pool was closed'));
    this.probes.clear();
    this.sheets.clear();
  }
}

function loadRequest(job: Job, gpu: GpuUpload): LoadRequest {
  const { target, measureCrop, bitmap } = job.options;
  return {
    type: 'load',
    id: job.id,
    url: job.url,
    key: job.key,
    ...(target ? { targetWidth: target.width, targetHeight: target.height } : {}),
    ...(measureCrop ? { measureCrop } : {}),
    maxSide: gpu.limit,
    maxArea: UPLOAD_TILE_AREA,
    form: gpu.form,
    ...(bitmap ? { bitmap } : {}),
  };
}

/** Decode workers for this device: one core left to the page, at most three. */
export function defaultPoolSize(cores: number): number {
  return Math.max(1, Math.min(3, cores - 1));
}
