import { makeRng } from '../content/rng.js';
import { styleFor, esc, wrap, textBlock, textWidthEm, type SeriesStyle } from './style.js';
import { FONT } from './fonts.js';
import type { TitleImageKind } from './assets.js';

const svgOpen = (w: number, h: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

function tone(id: string, st: SeriesStyle, color = '#000', opacity = 0.25): string {
  return `<pattern id="${id}" width="${st.dot}" height="${st.dot}" patternUnits="userSpaceOnUse"><circle cx="${st.dot / 2}" cy="${st.dot / 2}" r="${st.dotR}" fill="${color}" fill-opacity="${opacity}"/></pattern>`;
}

function emblem(st: SeriesStyle, cx: number, cy: number, s: number): string {
  switch (st.emblem) {
    case 'star': {
      const pts: string[] = [];
      for (let k = 0; k < 10; k++) {
        const a = (k / 10) * Math.PI * 2 - Math.PI / 2;
        const f = k % 2 ? 0.45 : 1;
        pts.push(`${(cx + Math.cos(a) * s * f).toFixed(1)},${(cy + Math.sin(a) * s * f).toFixed(1)}`);
      }
      return `<polygon points="${pts.join(' ')}" fill="${st.accent2}" stroke="#fff" stroke-width="${(s / 20).toFixed(1)}"/>`;
    }
    case 'diamond':
      return `<polygon points="${cx},${cy - s} ${cx + s * 0.75},${cy} ${cx},${cy + s} ${cx - s * 0.75},${cy}" fill="${st.accent2}" stroke="#fff" stroke-width="${(s / 20).toFixed(1)}"/>`;
    case 'wave':
      return `<path d="M${cx - s} ${cy}q${s / 2} ${-s} ${s} 0t${s} 0v${s}h${-2 * s}z" fill="${st.accent2}" stroke="#fff" stroke-width="${(s / 20).toFixed(1)}"/>`;
    default:
      return `<circle cx="${cx}" cy="${cy}" r="${s}" fill="${st.accent2}" stroke="#fff" stroke-width="${(s / 20).toFixed(1)}"/><circle cx="${cx}" cy="${cy}" r="${s * 0.6}" fill="none" stroke="#fff" stroke-width="${(s / 30).toFixed(1)}"/>`;
  }
}

/** Cover-like art for a title: portrait, landscape, title header, background, favorite. */
export function titleArtSvg(kind: TitleImageKind, w: number, h: number, styleSeed: number, name: string, author: string): string {
  const st = styleFor(styleSeed);
  const r = makeRng('cover', styleSeed, kind);
  const short = Math.min(w, h);
  const defs = `<defs>${tone('t', st, '#000', 0.3)}<linearGradient id="g" x1="0" y1="0" x2="${w > h ? 1 : 0}" y2="1"><stop offset="0" stop-color="${st.accent}"/><stop offset="1" stop-color="hsl(${st.hue} 60% 18%)"/></linearGradient></defs>`;
  const parts = [
    svgOpen(w, h),
    defs,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<rect width="${w}" height="${h}" fill="url(#t)"/>`,
  ];
  const ex = w > h ? w * (0.72 + r.next() * 0.1) : w * 0.5;
  const ey = w > h ? h * 0.5 : h * 0.38;
  parts.push(emblem(st, ex, ey, short * (kind === 'favorite' ? 0.3 : 0.28)));
  for (let k = 0; k < 6; k++) {
    parts.push(
      `<circle cx="${(r.next() * w).toFixed(0)}" cy="${(r.next() * h).toFixed(0)}" r="${(short * (0.02 + r.next() * 0.05)).toFixed(0)}" fill="#fff" fill-opacity="0.35"/>`,
    );
  }
  if (kind === 'background') {
    parts.push(`<rect width="${w}" height="${h}" fill="#000" fill-opacity="0.25"/>`);
  } else if (kind === 'favorite') {
    const lines = wrap(name, 9, 2);
    parts.push(
      `<rect y="${h * 0.66}" width="${w}" height="${h * 0.34}" fill="#000" fill-opacity="0.55"/>`,
      textBlock(lines, w / 2, h * 0.83, short * 0.085, '#fff'),
    );
  } else {
    const wide = w > h;
    const size = wide ? h * 0.13 : w * 0.1;
    const lines = wrap(name, wide ? (w * 0.55) / size : (w * 0.86) / size, 3);
    const tx = wide ? w * 0.32 : w / 2;
    const ty = wide ? h * 0.45 : h * 0.74;
    parts.push(
      `<rect x="0" y="${(ty - lines.length * size * 0.75 - size * 0.4).toFixed(0)}" width="${wide ? w * 0.64 : w}" height="${(lines.length * size * 1.25 + size * 1.6).toFixed(0)}" fill="#000" fill-opacity="0.45"/>`,
    );
    parts.push(textBlock(lines, tx, ty, size, '#fff', 800));
    parts.push(
      `<text x="${tx}" y="${(ty + lines.length * size * 0.65 + size * 0.5).toFixed(0)}" font-family="${FONT}" font-size="${(size * 0.45).toFixed(1)}" fill="#fff" text-anchor="middle">${esc(author)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** Chapter thumbnail: a detail of a page with the chapter name. */
export function thumbSvg(w: number, h: number, styleSeed: number, chapterName: string, sub: string): string {
  const st = styleFor(styleSeed);
  const r = makeRng('thumb', styleSeed, chapterName);
  const parts = [svgOpen(w, h), `<defs>${tone('t', st, st.ink, 0.8)}</defs>`, `<rect width="${w}" height="${h}" fill="${st.paper}"/>`];
  parts.push(`<rect x="8" y="8" width="${w * 0.55}" height="${h - 16}" fill="url(#t)" stroke="${st.ink}" stroke-width="4"/>`);
  parts.push(
    `<rect x="${w * 0.55 + 16}" y="8" width="${w * 0.45 - 24}" height="${h - 16}" fill="${st.accent}" stroke="${st.ink}" stroke-width="4"/>`,
  );
  parts.push(emblem(st, w * 0.28, h * 0.45, h * (0.22 + r.next() * 0.08)));
  parts.push(textBlock([chapterName], w * 0.775, h * 0.38, h * 0.17, '#fff', 800));
  parts.push(textBlock(wrap(sub, 8, 2), w * 0.775, h * 0.7, h * 0.075, '#fff', 500));
  parts.push('</svg>');
  return parts.join('');
}

/**
 * A call-to-action pill centred on (cx, cy) and sized to its text: textWidthEm
 * underestimates Noto Sans ExtraBold by up to 12%, so the text is measured at
 * 1.15 times the estimate, and the font shrinks when the pill would pass maxW.
 */
function ctaPill(label: string, cx: number, cy: number, size: number, minW: number, maxW: number, color: string): string {
  const em = textWidthEm(label) * 1.15;
  const s = Math.min(size, maxW / (em + 1.6));
  const pw = Math.max(Math.min(minW, maxW), em * s + s * 1.6);
  const ph = s * 2.2;
  return (
    `<rect x="${(cx - pw / 2).toFixed(1)}" y="${(cy - ph / 2).toFixed(1)}" width="${pw.toFixed(1)}" height="${ph.toFixed(1)}" rx="${(ph / 2).toFixed(1)}" fill="#fff"/>` +
    textBlock([label], cx, cy, s, color, 800)
  );
}

/** A banner: series colours, a headline and a call to action (both in the banner's language). */
export function bannerSvg(w: number, h: number, styleSeed: number, headline: string, tagline: string): string {
  const st = styleFor(styleSeed);
  const parts = [
    svgOpen(w, h),
    `<defs>${tone('t', st, '#fff', 0.25)}<linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="hsl(${st.hue} 60% 20%)"/><stop offset="1" stop-color="${st.accent}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/><rect x="${w * 0.55}" width="${w * 0.45}" height="${h}" fill="url(#t)"/>`,
    emblem(st, w * 0.8, h * 0.5, Math.min(h * 0.38, w * 0.16)),
  ];
  const tall = h > w;
  const cx = tall ? w / 2 : w * 0.33;
  if (tall) parts.push(textBlock(wrap(headline, 10, 4), cx, h * 0.3, w * 0.08, '#fff', 800));
  else {
    // The largest size (up to h * 0.16) at which the headline fits two lines between the left edge and the emblem.
    const maxW = 2 * (cx - w * 0.04);
    let size = h * 0.16;
    let lines = wrap(headline, maxW / (size * 1.15), 2);
    while (size > h * 0.07 && (lines.at(-1)?.endsWith('…') || Math.max(...lines.map(textWidthEm)) * 1.15 * size > maxW)) {
      size *= 0.92;
      lines = wrap(headline, maxW / (size * 1.15), 2);
    }
    parts.push(textBlock(lines, cx, h * 0.4, size, '#fff', 800));
  }
  parts.push(
    tall
      ? ctaPill(tagline, cx, h * 0.815, w * 0.04, w * 0.5, w * 0.8, st.accent)
      : ctaPill(tagline, cx, h * 0.78, h * 0.11, w * 0.3, 2 * (cx - w * 0.04), st.accent),
    '</svg>',
  );
  return parts.join('');
}

/** Comment icon n: a round face in its own colours. */
export function iconSvg(n: number, w: number, h: number): string {
  const hue = (n * 47) % 360;
  const r = makeRng('icon', n);
  const eyes = r.chance(0.5)
    ? `<circle cx="${w * 0.4}" cy="${h * 0.45}" r="${w * 0.04}" fill="#222"/><circle cx="${w * 0.6}" cy="${h * 0.45}" r="${w * 0.04}" fill="#222"/>`
    : `<path d="M${w * 0.34} ${h * 0.46}q${w * 0.06} ${-h * 0.06} ${w * 0.12} 0M${w * 0.54} ${h * 0.46}q${w * 0.06} ${-h * 0.06} ${w * 0.12} 0" stroke="#222" stroke-width="${w * 0.025}" fill="none"/>`;
  return `${svgOpen(w, h)}<rect width="${w}" height="${h}" fill="hsl(${hue} 60% 55%)"/><circle cx="${w / 2}" cy="${h * 0.52}" r="${w * 0.3}" fill="hsl(${(hue + 30) % 360} 40% 90%)"/><path d="M${w * 0.2} ${h * 0.4}Q${w / 2} ${h * 0.05} ${w * 0.8} ${h * 0.4}Q${w / 2} ${h * 0.25} ${w * 0.2} ${h * 0.4}Z" fill="hsl(${(hue + 180) % 360} 40% 25%)"/>${eyes}<path d="M${w * 0.42} ${h * 0.62}q${w * 0.08} ${h * 0.06} ${w * 0.16} 0" stroke="#222" stroke-width="${w * 0.025}" fill="none"/></svg>`;
}

/** Publisher label logo (/img/label/<LabelCode name>.webp, the title page's label): the code as a wordmark in a badge of its own colour. */
export function labelSvg(code: string, w: number, h: number): string {
  const hue = [...code].reduce((s, c) => s + c.charCodeAt(0) * 13, 0) % 360;
  const text = code === 'J_PLUS' ? 'JUMP+' : code;
  return `${svgOpen(w, h)}<rect x="3" y="3" width="${w - 6}" height="${h - 6}" rx="${h * 0.2}" fill="hsl(${hue} 70% 42%)" stroke="#fff" stroke-width="4"/>${textBlock([text], w / 2, h / 2, Math.min(h * 0.5, (w * 0.8) / (text.length * 0.68)), '#fff', 900)}</svg>`;
}

/** Publisher banner: the publisher's name over a tone pattern. */
export function publisherSvg(name: string, w: number, h: number): string {
  const st = styleFor([...name].reduce((s, c) => s * 31 + c.charCodeAt(0), 7) >>> 0);
  return `${svgOpen(w, h)}<defs>${tone('t', st, '#fff', 0.3)}</defs><rect width="${w}" height="${h}" fill="hsl(${st.hue} 45% 28%)"/><rect width="${w}" height="${h}" fill="url(#t)"/>${emblem(st, h * 0.6, h / 2, h * 0.32)}${textBlock([name], w * 0.58, h / 2, h * 0.26, '#fff', 800)}</svg>`;
}

/** Home popup image: headline and body lines in the popup's language. */
export function popupSvg(w: number, h: number, styleSeed: number, headline: string, body: string): string {
  const st = styleFor(styleSeed);
  return `${svgOpen(w, h)}<defs>${tone('t', st, '#fff', 0.25)}</defs><rect width="${w}" height="${h}" fill="${st.accent}"/><rect width="${w}" height="${h * 0.55}" fill="url(#t)"/>${emblem(st, w / 2, h * 0.3, w * 0.22)}${textBlock(wrap(headline, 11, 2), w / 2, h * 0.64, w * 0.075, '#fff', 800)}${textBlock(wrap(body, 22, 4), w / 2, h * 0.84, w * 0.04, '#fff', 500)}</svg>`;
}
