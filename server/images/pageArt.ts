import { makeRng, type Rng } from '../content/rng.js';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { styleFor, esc, wrap, textBlock, textWidthEm, type SeriesStyle } from './style.js';
import { FONT } from './fonts.js';

/** What a demo page shows; all of it comes from the database row and its chapter. */
export interface PageSpec {
  styleSeed: number;
  chapterId: number;
  idx: number;
  pageCount: number;
  type: PageType;
  /** Size at "high" (the drawing's coordinate space). */
  width: number;
  height: number;
  titleName: string;
  chapterName: string;
  /** Speech-bubble lines in the title's language. */
  lines: readonly string[];
  webtoon: boolean;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Screentone is drawn as flat neutral greys here and turned into dots after
 * rasterising (see screentone.ts): SVG patterns are far slower to render.
 */
const TONE = { light: '#d2d2d2', mid: '#a5a5a5', dark: '#7d7d7d' } as const;

/**
 * A manga page as SVG: panels with screentone, scenery or figures, speech
 * bubbles, the chapter name and page number. Drawn in "high" coordinates and
 * scaled by the outer width/height, so every quality shows the same picture.
 */
export function pageSvg(p: PageSpec, outW: number, outH: number): string {
  const st = styleFor(p.styleSeed);
  const r = makeRng('page', p.styleSeed, p.chapterId, p.idx);
  const W = p.width;
  const H = p.height;
  const m = 44;
  const foot = 46;
  const area: Rect = { x: m, y: m, w: W - 2 * m, h: H - 2 * m - foot };
  const panels = p.webtoon ? webtoonPanels(area, r, st) : layoutPanels(area, r, st, p.type === PageType.DOUBLE);
  const defs: string[] = [];
  const body: string[] = [];
  panels.forEach((pr, k) => {
    defs.push(`<clipPath id="c${k}"><rect x="${pr.x}" y="${pr.y}" width="${pr.w}" height="${pr.h}"/></clipPath>`);
    body.push(`<g clip-path="url(#c${k})">${panelContent(pr, r, st, p.webtoon)}</g>`);
    body.push(
      `<rect x="${pr.x}" y="${pr.y}" width="${pr.w}" height="${pr.h}" fill="none" stroke="${st.ink}" stroke-width="${st.border}"/>`,
    );
  });
  // Speech bubbles in up to three panels.
  const nb = Math.min(panels.length, r.int(1, 3));
  for (let k = 0; k < nb; k++) body.push(bubble(panels[k], r.pick(p.lines), r, st));

  // Footer: chapter name and page number on the outer edge of a spread half.
  const num = `${p.idx + 1} / ${p.pageCount}`;
  const fy = H - m + 6;
  const left = p.type === PageType.LEFT;
  const right = p.type === PageType.RIGHT;
  body.push(
    `<text x="${left ? m : right ? W - m : W / 2}" y="${fy}" font-family="${FONT}" font-size="26" font-weight="700" fill="${st.ink}" text-anchor="${left ? 'start' : right ? 'end' : 'middle'}">${esc(num)}</text>`,
    `<text x="${left ? W - m : m}" y="${fy}" font-family="${FONT}" font-size="20" fill="${st.ink}" fill-opacity="0.75" text-anchor="${left ? 'end' : 'start'}">${esc(`${p.titleName} · ${p.chapterName}`.slice(0, 60))}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none"><defs>${defs.join('')}</defs><rect width="${W}" height="${H}" fill="${st.paper}"/>${body.join('')}</svg>`;
}

function layoutPanels(a: Rect, r: Rng, st: SeriesStyle, wide: boolean): Rect[] {
  const g = st.gutter;
  const rows = wide ? r.int(2, 3) : r.int(2, 4);
  const weights = Array.from({ length: rows }, () => 0.6 + r.next());
  const sum = weights.reduce((s, w) => s + w, 0);
  const out: Rect[] = [];
  let y = a.y;
  weights.forEach((w, k) => {
    const h = k === rows - 1 ? a.y + a.h - y : Math.round(((a.h - g * (rows - 1)) * w) / sum);
    const cols = wide ? r.int(1, 3) : r.int(1, 2);
    const slant = cols > 1 && r.chance(0.4) ? r.int(-30, 30) : 0;
    let x = a.x;
    for (let c = 0; c < cols; c++) {
      const cw = c === cols - 1 ? a.x + a.w - x : Math.round(((a.w - g * (cols - 1)) / cols) * (0.7 + r.next() * 0.6)) + slant;
      out.push({ x, y, w: Math.max(80, cw), h });
      x += cw + g;
    }
    y += h + g;
  });
  return out;
}

function webtoonPanels(a: Rect, r: Rng, st: SeriesStyle): Rect[] {
  const n = r.int(2, 3);
  const g = st.gutter * 4;
  const h = (a.h - g * (n - 1)) / n;
  return Array.from({ length: n }, (_, k) => ({
    x: a.x + (k % 2 ? 60 : 0),
    y: Math.round(a.y + k * (h + g)),
    w: a.w - 60,
    h: Math.round(h),
  }));
}

function panelContent(p: Rect, r: Rng, st: SeriesStyle, color: boolean): string {
  const cx = p.x + p.w / 2;
  const cy = p.y + p.h / 2;
  const bg = color
    ? `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="hsl(${(st.hue + r.int(0, 60)) % 360} 45% ${r.int(70, 88)}%)"/>`
    : '';
  switch (r.int(0, 4)) {
    case 0: {
      // Speed lines toward a focus point, and a figure.
      const fx = p.x + p.w * (0.3 + r.next() * 0.4);
      const fy = p.y + p.h * (0.3 + r.next() * 0.4);
      const rays: string[] = [];
      const n = 36;
      for (let k = 0; k < n; k++) {
        const ang = (k / n) * Math.PI * 2 + r.next() * 0.08;
        const r0 = Math.min(p.w, p.h) * (0.25 + r.next() * 0.1);
        const r1 = Math.max(p.w, p.h);
        rays.push(
          `M${(fx + Math.cos(ang) * r0).toFixed(0)} ${(fy + Math.sin(ang) * r0).toFixed(0)}L${(fx + Math.cos(ang) * r1).toFixed(0)} ${(fy + Math.sin(ang) * r1).toFixed(0)}`,
        );
      }
      return `${bg}<path d="${rays.join('')}" stroke="${st.ink}" stroke-width="${r.int(2, 5)}"/>${figure(fx, fy + p.h * 0.1, Math.min(p.w, p.h) * 0.35, st, color)}`;
    }
    case 1: {
      // Landscape: sky tone, sun, mountains.
      const hor = p.y + p.h * (0.55 + r.next() * 0.2);
      const pts: string[] = [`${p.x},${p.y + p.h}`];
      for (let x = p.x; x <= p.x + p.w + 40; x += 40 + r.int(0, 60)) pts.push(`${x},${(hor - r.int(0, p.h * 0.35)).toFixed(0)}`);
      pts.push(`${p.x + p.w},${p.y + p.h}`);
      return `${bg}<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${hor - p.y}" fill="${color ? st.accent2 : TONE.mid}" fill-opacity="${color ? 0.5 : 1}"/><circle cx="${(p.x + p.w * r.next()).toFixed(0)}" cy="${(p.y + p.h * 0.25).toFixed(0)}" r="${(p.h * 0.12).toFixed(0)}" fill="${st.paper}" stroke="${st.ink}" stroke-width="3"/><polygon points="${pts.join(' ')}" fill="${color ? st.accent : st.ink}" fill-opacity="0.9"/>`;
    }
    case 2: {
      // City: buildings with windows.
      const parts: string[] = [bg, `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="${TONE.light}"/>`];
      for (let x = p.x - 10; x < p.x + p.w;) {
        const bw = r.int(60, 140);
        const bh = p.h * (0.3 + r.next() * 0.6);
        parts.push(
          `<rect x="${x}" y="${(p.y + p.h - bh).toFixed(0)}" width="${bw}" height="${bh.toFixed(0)}" fill="${st.paper}" stroke="${st.ink}" stroke-width="3"/>`,
        );
        parts.push(
          `<rect x="${x + 10}" y="${(p.y + p.h - bh + 14).toFixed(0)}" width="${bw - 20}" height="${(bh - 20).toFixed(0)}" fill="${TONE.dark}"/>`,
        );
        x += bw + r.int(4, 20);
      }
      return parts.join('');
    }
    case 3: {
      // Close-up: eyes over screentone.
      const ew = Math.min(p.w * 0.3, p.h * 0.5);
      const eye = (ex: number) =>
        `<path d="M${ex - ew / 2} ${cy}Q${ex} ${cy - ew * 0.55} ${ex + ew / 2} ${cy}Q${ex} ${cy + ew * 0.4} ${ex - ew / 2} ${cy}Z" fill="${st.paper}" stroke="${st.ink}" stroke-width="5"/><circle cx="${ex}" cy="${cy}" r="${(ew * 0.18).toFixed(0)}" fill="${color ? st.accent : st.ink}"/><circle cx="${ex + ew * 0.06}" cy="${cy - ew * 0.06}" r="${(ew * 0.05).toFixed(0)}" fill="#fff"/>`;
      return `${bg}<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="${TONE.mid}"/>${eye(cx - ew * 0.65)}${eye(cx + ew * 0.65)}`;
    }
    default: {
      // Two figures talking, with a tone gradient floor.
      const s = Math.min(p.w * 0.25, p.h * 0.4);
      return `${bg}<rect x="${p.x}" y="${(cy + s * 0.6).toFixed(0)}" width="${p.w}" height="${p.h}" fill="${TONE.mid}"/>${figure(cx - s * 0.9, cy + s * 0.2, s, st, color)}${figure(cx + s * 0.9, cy + s * 0.25, s * 0.92, st, color)}`;
    }
  }
}

function figure(x: number, y: number, s: number, st: SeriesStyle, color: boolean): string {
  const head = s * 0.32;
  return `<path d="M${(x - s * 0.5).toFixed(0)} ${(y + s).toFixed(0)}Q${x.toFixed(0)} ${(y - s * 0.1).toFixed(0)} ${(x + s * 0.5).toFixed(0)} ${(y + s).toFixed(0)}Z" fill="${color ? st.accent : st.ink}"/><circle cx="${x.toFixed(0)}" cy="${(y - head * 0.4).toFixed(0)}" r="${head.toFixed(0)}" fill="${st.paper}" stroke="${st.ink}" stroke-width="5"/><path d="M${(x - head).toFixed(0)} ${(y - head * 0.7).toFixed(0)}Q${x.toFixed(0)} ${(y - head * 2).toFixed(0)} ${(x + head).toFixed(0)} ${(y - head * 0.7).toFixed(0)}Z" fill="${st.ink}"/>`;
}

function bubble(p: Rect, text: string, r: Rng, st: SeriesStyle): string {
  const size = Math.max(22, Math.min(40, p.w / 12));
  const lines = wrap(text, Math.max(5, (p.w * 0.55) / size), 3);
  const tw = Math.max(...lines.map(textWidthEm)) * size;
  const bw = Math.min(p.w - 20, tw + size * 1.6);
  const bh = lines.length * size * 1.25 + size * 1.2;
  const bx = p.x + 10 + r.next() * Math.max(0, p.w - bw - 20);
  const by = p.y + 10 + r.next() * Math.max(0, Math.min(p.h * 0.4, p.h - bh - 20));
  const cx = bx + bw / 2;
  const cy = by + bh / 2;
  const tail = `<path d="M${(cx - 14).toFixed(0)} ${(by + bh - 6).toFixed(0)}L${(cx + r.int(-40, 40)).toFixed(0)} ${(by + bh + 34).toFixed(0)}L${(cx + 14).toFixed(0)} ${(by + bh - 6).toFixed(0)}Z" fill="#fff" stroke="${st.ink}" stroke-width="3"/>`;
  let shape: string;
  if (st.bubble === 'box') {
    shape = `<rect x="${bx.toFixed(0)}" y="${by.toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" rx="${(size * 0.6).toFixed(0)}" fill="#fff" stroke="${st.ink}" stroke-width="3"/>`;
  } else if (st.bubble === 'burst') {
    const pts: string[] = [];
    const n = 22;
    for (let k = 0; k < n; k++) {
      const a = (k / n) * Math.PI * 2;
      const f = k % 2 ? 0.56 : 0.7;
      pts.push(`${(cx + Math.cos(a) * bw * f).toFixed(0)},${(cy + Math.sin(a) * bh * f).toFixed(0)}`);
    }
    shape = `<polygon points="${pts.join(' ')}" fill="#fff" stroke="${st.ink}" stroke-width="3"/>`;
  } else {
    shape = `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${(bw * 0.6).toFixed(0)}" ry="${(bh * 0.62).toFixed(0)}" fill="#fff" stroke="${st.ink}" stroke-width="3"/>`;
  }
  return `${tail}${shape}${textBlock(lines, cx, cy, size, st.ink === '#111' ? '#111' : st.ink)}`;
}
