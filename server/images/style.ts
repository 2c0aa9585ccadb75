import { makeRng, hash32 } from '../content/rng.js';
import { FONT } from './fonts.js';

/** The look of one series: every page, cover and banner of it shares this. */
export interface SeriesStyle {
  hue: number;
  /** Main ink and paper colours of pages. */
  ink: string;
  paper: string;
  /** Accent colour (covers, banners, webtoon panels). */
  accent: string;
  accent2: string;
  /** Screentone dot spacing and radius. */
  dot: number;
  dotR: number;
  /** Panel gutter and border width. */
  gutter: number;
  border: number;
  /** Bubble shape: ellipse, rounded box or spiky burst. */
  bubble: 'ellipse' | 'box' | 'burst';
  /** Cover emblem shape. */
  emblem: 'circle' | 'star' | 'diamond' | 'wave';
}

export function styleFor(styleSeed: number): SeriesStyle {
  const r = makeRng('style', styleSeed);
  const hue = r.int(0, 359);
  const sepia = r.chance(0.25);
  return {
    hue,
    ink: sepia ? '#2b1d12' : '#111',
    paper: sepia ? '#f7f0e1' : r.chance(0.5) ? '#ffffff' : '#fbfbf7',
    accent: `hsl(${hue} 70% 45%)`,
    accent2: `hsl(${(hue + 40 + r.int(0, 120)) % 360} 65% 60%)`,
    dot: r.pick([8, 10, 12, 14]),
    dotR: r.pick([1.8, 2.4, 3]),
    gutter: r.pick([18, 24, 30]),
    border: r.pick([4, 6, 8]),
    bubble: r.pick(['ellipse', 'ellipse', 'box', 'burst'] as const),
    emblem: r.pick(['circle', 'star', 'diamond', 'wave'] as const),
  };
}

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Rough advance width of text in em, enough to wrap lines inside bubbles and covers. */
function emWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (
      c >= 0x0e31 &&
      c <= 0x0e4e &&
      c !== 0x0e32 &&
      c !== 0x0e33 &&
      c !== 0x0e40 &&
      c !== 0x0e41 &&
      c !== 0x0e42 &&
      c !== 0x0e43 &&
      c !== 0x0e44 &&
      c !== 0x0e45 &&
      c !== 0x0e46
    )
      continue; // Thai combining marks
    if (c >= 0x3000) w += 1;
    else if ("iljtf.,:;!'’ ".includes(ch)) w += 0.3;
    else if (ch >= 'A' && ch <= 'Z') w += 0.66;
    else w += 0.56;
  }
  return w;
}

const wordSegmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Breaks text into lines of at most maxEm em (words; Thai by dictionary words). */
export function wrap(text: string, maxEm: number, maxLines = 4): string[] {
  const words = /[\u0e00-\u0e7f]/.test(text) ? [...wordSegmenter.segment(text)].map((s) => s.segment) : text.split(/(?<=\s)/);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && emWidth(line + w) > maxEm) {
      lines.push(line.trim());
      line = w.trimStart();
    } else line += w;
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = kept[maxLines - 1].replace(/.?$/, '…');
    return kept;
  }
  return lines;
}

export function textWidthEm(s: string): number {
  return emWidth(s);
}

/** Multi-line centred text. */
export function textBlock(lines: string[], cx: number, cy: number, size: number, fill: string, weight = 700, extra = ''): string {
  const lh = size * 1.25;
  const y0 = cy - ((lines.length - 1) * lh) / 2 + size * 0.35;
  return lines
    .map(
      (l, k) =>
        `<text x="${cx.toFixed(1)}" y="${(y0 + k * lh).toFixed(1)}" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="${weight}" fill="${fill}" text-anchor="middle" ${extra}>${esc(l)}</text>`,
    )
    .join('');
}

/** The style seed of a series (demo pages carry it in pages.source as "demo:<seed>"). */
export function seriesStyleSeed(catalogSeed: number, seriesId: number): number {
  return hash32(catalogSeed, 'style', seriesId);
}
