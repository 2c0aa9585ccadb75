/**
 * The largest texture side the viewer draws (px): the GPU's own limit
 * (WebGL's MAX_TEXTURE_SIZE, SwiftShader's is 8192), as the renderer read it
 * when it started, or lower where an embedding page asked for less
 * (session/overrides.ts). The page store cuts a larger bitmap into tiles at
 * most this size (core/viewer/tiles.ts); the renderer draws one sprite per
 * tile. Until a renderer has started (the first pages decoded ahead of the
 * app) it assumes 4096, which any GPU the viewer runs on takes: tiles cut
 * smaller than needed still draw whole.
 */
import { viewerEnvironmentOverrides } from './session/overrides';

const ASSUMED = 4096;
let gpu = 0;

/** The renderer read the GPU's limit. */
export function noteGpuTextureLimit(max: number): void {
  if (Number.isFinite(max) && max > 0) gpu = max;
}

export function textureLimit(): number {
  const base = gpu || ASSUMED;
  const forced = viewerEnvironmentOverrides().maxTextureSize;
  return forced && forced > 0 ? Math.min(forced, base) : base;
}
