/**
 * The renderer's one-time probe of how this engine uploads a decode
 * worker's bitmaps (gpuUpload.ts): each probe tile (decode.worker.ts, a
 * quadrant cropped from a known picture, as page tiles are cut) is drawn
 * into a texture of its own and read back; bitmaps are the tiles' form only
 * if every pixel of every tile came back in its quadrant's colour. Firefox
 * (the crop's origin ignored: another quadrant's colour) and WebKit (the
 * upload refused: transparent black) fail it and keep bytes.
 */
import { ImageSource, Sprite, Texture, type Renderer } from 'pixi.js';
import type { GpuUpload } from './gpuUpload';
import type { ProbeTile } from './workerProtocol';

/** Where the probe tiles come from (DecodePool.probe). */
export type ProbeSource = () => Promise<ProbeTile[]>;

/** A channel read back this far from the picture's is another picture (the probe's colours are far apart). */
const TOLERANCE = 8;

function drawsAsCut(renderer: Renderer, t: ProbeTile): boolean {
  const texture = new Texture({ source: new ImageSource({ resource: t.bitmap, label: 'upload-probe' }) });
  const sprite = new Sprite(texture);
  try {
    const { pixels } = renderer.extract.pixels({ target: sprite, resolution: 1 });
    for (let k = 0; k < pixels.length; k += 4)
      if (pixels[k + 3] < 250 || t.rgb.some((c, j) => Math.abs(pixels[k + j] - c) > TOLERANCE)) return false;
    return pixels.length > 0;
  } catch {
    return false;
  } finally {
    sprite.destroy();
    texture.destroy(true);
    t.bitmap.close();
  }
}

/** Asks for the probe tiles, draws them and notes the answer in `gpu` (nothing when the renderer went meanwhile). */
async function probeUploads(renderer: Renderer, gpu: GpuUpload, probe: ProbeSource, gone: () => boolean): Promise<void> {
  let tiles: ProbeTile[];
  try {
    tiles = await probe();
  } catch {
    return;
  }
  if (gone() || !gpu.needsProbe) {
    for (const t of tiles) t.bitmap.close();
    return;
  }
  gpu.noteProbe(tiles.map((t) => drawsAsCut(renderer, t)).every(Boolean));
}

/**
 * A renderer started on a GPU taking textures up to `maxTexture` px a side: noted in `gpu`, and the
 * probe started while `gpu` has no form yet (tiles come as bytes, which every engine uploads, until
 * the probe, a few ms, finds bitmaps right).
 */
export function noteGpu(renderer: Renderer, maxTexture: number, gpu: GpuUpload, probe: ProbeSource | undefined, gone: () => boolean): void {
  gpu.noteGpu(maxTexture);
  if (probe && gpu.needsProbe) void probeUploads(renderer, gpu, probe, gone);
}
