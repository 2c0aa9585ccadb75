/**
 * The renderer's Pixi application (renderer.ts) as the viewer starts it:
 * WebGL, no antialiasing, rendered on demand (its ticker stopped), at the
 * screen's device pixels (at most 2), or one device pixel per CSS pixel
 * without a GPU (softwareGl.ts); and one texture per draw.
 *
 * One texture per draw: Pixi batches sprites of up to as many textures as
 * the GPU has units (SwiftShader: 32) into one draw, whose fragment shader
 * picks each pixel's texture down a chain of ifs. A software WebGL runs that
 * chain for every pixel: a canvas-sized quad with a 16-way chain took three
 * times the frame time of one with a single sampler, and a phone's vertical
 * fling in the viewer (bench/viewerFrames) dropped 61-118 frames with one
 * texture per draw against 150-250 with Pixi's default. The viewer draws a
 * few sprites a frame: a draw each costs a GPU nothing.
 */
import type { Application, WebGLRenderer } from 'pixi.js';
import { isSoftwareGl } from './softwareGl';

/** Textures per batched draw (renderer.limits.maxBatchableTextures): one, a plain sampler. */
const TEXTURES_PER_DRAW = 1;

interface PixiStart {
  width: number;
  height: number;
  background: number;
  preserveDrawingBuffer: boolean;
}

/**
 * Starts `app` (once) and returns the GPU's largest texture side (0 without a WebGL context).
 * Nothing is drawn yet: the batcher (and its shader) is made on the first render, with the
 * limit set here.
 */
export async function startPixi(app: Application, o: PixiStart): Promise<number> {
  await app.init({
    width: Math.max(1, o.width),
    height: Math.max(1, o.height),
    background: o.background,
    antialias: false,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    preference: 'webgl',
    preserveDrawingBuffer: o.preserveDrawingBuffer,
    autoStart: false,
  });
  const limits = app.renderer.limits;
  limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, TEXTURES_PER_DRAW);
  const gl = (app.renderer as WebGLRenderer).gl as WebGLRenderingContext | undefined;
  if (!gl) return 0;
  // Without a GPU, one device pixel per CSS pixel (softwareGl.ts).
  if (isSoftwareGl(gl) && app.renderer.resolution > 1) app.renderer.resize(app.screen.width, app.screen.height, 1);
  return Number(gl.getParameter(gl.MAX_TEXTURE_SIZE));
}
