/** Parses #rgb / #rrggbb. */
function hexRgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const tiles = new Map<number, Uint8Array>();

/** Threshold tile of a 45° dot screen with the given period (pixels). */
function tile(period: number): Uint8Array {
  let t = tiles.get(period);
  if (!t) {
    t = new Uint8Array(period * period);
    for (let y = 0; y < period; y++) {
      for (let x = 0; x < period; x++) {
        const s = (Math.cos((2 * Math.PI * (x + y)) / period) + Math.cos((2 * Math.PI * (x - y)) / period)) / 2;
        t[y * period + x] = Math.round(((s + 1) / 2) * 254);
      }
    }
    tiles.set(period, t);
  }
  return t;
}

/**
 * Turns flat neutral greys of a rasterised page (RGB, 3 channels) into
 * printed-looking screentone dots of the series' ink on its paper. Pixels
 * that are not neutral grey, or that sit on an edge, are left as drawn.
 */
export function screentone(px: Buffer, width: number, height: number, period: number, ink: string, paper: string): void {
  const t = tile(Math.max(4, Math.round(period)));
  const p = Math.max(4, Math.round(period));
  const [ir, ig, ib] = hexRgb(ink);
  const [pr, pg, pb] = hexRgb(paper);
  const row = width * 3;
  for (let y = 0; y < height; y++) {
    const ty = (y % p) * p;
    let i = y * row + 3;
    for (let x = 1; x < width - 1; x++, i += 3) {
      const v = px[i];
      if (v < 40 || v > 235 || px[i + 1] !== v || px[i + 2] !== v || px[i - 3] !== v || px[i + 3] !== v) continue;
      if (t[ty + (x % p)] > v) {
        px[i] = ir;
        px[i + 1] = ig;
        px[i + 2] = ib;
      } else {
        px[i] = pr;
        px[i + 1] = pg;
        px[i + 2] = pb;
      }
    }
  }
}
