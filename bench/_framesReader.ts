/**
 * bench/viewerFrames' baseline reader: one HTML document (served through
 * Playwright's page.route, no product code) that shows a chapter's pages as
 * plain <img> elements, with what a simple reader would do and no more.
 *
 *   /bench-frames.html?chapter=ID&mode=horizontal|vertical&quality=high
 *
 * It asks /api/manga_viewer?format=json for the pages (addresses and keys),
 * fetches each page, XOR-decrypts it in the page and shows it from an object
 * URL. Vertical: a column of images in the document's native scrolling
 * (images given their source as they come within 3000 px). Horizontal: one
 * page (portrait window) or a two-page spread (landscape) per screen on a strip
 * moved by a CSS transform; right to left when the chapter starts from the
 * right; PageDown / arrow keys turn with a 250 ms transition; a bare page
 * slider at the bottom jumps to a spread (no picture of it); a finger drag
 * follows the finger and snaps on release past 18% of the width; two fingers
 * zoom and pan the strip (a CSS scale around their midpoint). Only spreads
 * near the current one are in the document. `window.__ready` once the first
 * page has decoded; `window.__where()` says where the reader is (spread index,
 * zoom, scroll).
 */
export const READER_HTML = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,user-scalable=no">
<style>
html,body{margin:0;background:#111}
#zoom{position:fixed;inset:0;overflow:hidden;touch-action:none;transform-origin:0 0}
#strip{position:absolute;inset:0;will-change:transform}
#strip img{position:absolute;top:0;height:100%;object-fit:contain}
#col img{display:block;width:100%}
#bar{position:fixed;left:12px;bottom:12px;width:calc(100% - 24px);margin:0;z-index:1}
</style></head><body><script>
(async () => {
  const q = new URLSearchParams(location.search);
  const mode = q.get('mode');
  const api = await (await fetch('/api/manga_viewer?chapter_id=' + q.get('chapter') + '&split=yes&img_quality=' + q.get('quality') + '&viewer_mode=' + mode + '&format=json')).json();
  const mv = api.success.mangaViewer;
  const pages = mv.pages.filter((p) => p.mangaPage).map((p) => p.mangaPage);
  const rtl = !!mv.startFromRight;
  const urls = new Map();
  const source = (k) => {
    if (!urls.has(k)) urls.set(k, (async () => {
      const p = pages[k];
      const enc = new Uint8Array(await (await fetch(p.imageUrl)).arrayBuffer());
      const key = p.encryptionKey.match(/../g).map((h) => parseInt(h, 16));
      for (let i = 0; i < enc.length; i++) enc[i] ^= key[i % key.length];
      return URL.createObjectURL(new Blob([enc], { type: 'image/webp' }));
    })());
    return urls.get(k);
  };
  let where = () => 'index 0 ×1.0 y ' + Math.round(scrollY);
  window.__where = () => where();
  const show = async (img, k) => { img.src = await source(k); if (k === 0) { await img.decode(); window.__ready = true; } };
  if (mode === 'vertical') {
    const col = document.createElement('div');
    col.id = 'col';
    document.body.append(col);
    const io = new IntersectionObserver((es) => { for (const e of es) if (e.isIntersecting) { io.unobserve(e.target); show(e.target, Number(e.target.dataset.k)); } }, { rootMargin: '3000px 0px' });
    pages.forEach((p, k) => {
      const img = document.createElement('img');
      img.dataset.k = String(k);
      img.style.aspectRatio = (p.width || 7) + ' / ' + (p.height || 10);
      col.append(img);
      io.observe(img);
    });
    return;
  }
  const W = innerWidth, H = innerHeight, per = W > H ? 2 : 1, pw = W / per;
  const spreads = Math.ceil(pages.length / per);
  const zoom = document.createElement('div'), strip = document.createElement('div');
  zoom.id = 'zoom'; strip.id = 'strip';
  zoom.append(strip); document.body.append(zoom);
  const shown = new Map();
  let s = 0, x = 0;
  const offset = (i) => (rtl ? i * W : -i * W);
  const place = (px, animate) => { x = px; strip.style.transition = animate ? 'transform 250ms ease-out' : 'none'; strip.style.transform = 'translateX(' + px + 'px)'; };
  const window_ = () => {
    const want = new Set();
    for (let i = Math.max(0, s - 2); i <= Math.min(spreads - 1, s + 3); i++) for (let j = 0; j < per; j++) if (i * per + j < pages.length) want.add(i * per + j);
    for (const [k, img] of shown) if (!want.has(k)) { img.remove(); shown.delete(k); }
    for (const k of want) if (!shown.has(k)) {
      const i = Math.floor(k / per), j = k % per;
      const img = document.createElement('img');
      img.decoding = 'async';
      img.style.width = pw + 'px';
      img.style.left = (rtl ? -i * W + (W - (j + 1) * pw) : i * W + j * pw) + 'px';
      if (per === 2) img.style.objectPosition = (j === 0) !== rtl ? 'right' : 'left';
      strip.append(img); shown.set(k, img); show(img, k);
    }
  };
  const go = (to, animate = true) => { s = Math.max(0, Math.min(spreads - 1, to)); place(offset(s), animate); window_(); bar.value = String(s); };
  // A bare page slider (what the web readers have): it jumps to the spread, no picture of it.
  const bar = document.createElement('input');
  Object.assign(bar, { type: 'range', id: 'bar', min: '0', max: String(spreads - 1), step: '1', value: '0', dir: rtl ? 'rtl' : 'ltr' });
  bar.dataset.testid = 'viewer-slider';
  bar.addEventListener('input', () => go(Number(bar.value), false));
  document.body.append(bar);
  window_();
  addEventListener('keydown', (e) => {
    if (e.key === 'PageDown' || e.key === ' ') go(s + 1);
    else if (e.key === 'PageUp') go(s - 1);
    else if (e.key === 'ArrowLeft') go(rtl ? s + 1 : s - 1);
    else if (e.key === 'ArrowRight') go(rtl ? s - 1 : s + 1);
  });
  const pts = new Map();
  let drag = null, pinch = null, z = { s: 1, tx: 0, ty: 0 };
  where = () => 'index ' + s + ' ×' + z.s.toFixed(1) + ' y 0';
  const mid = () => { const [a, b] = [...pts.values()]; return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) }; };
  const applyZoom = () => { zoom.style.transform = 'translate(' + z.tx + 'px,' + z.ty + 'px) scale(' + z.s + ')'; };
  zoom.addEventListener('pointerdown', (e) => {
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size === 2) { drag = null; pinch = { m: mid(), z: { ...z } }; }
    else if (pts.size === 1 && z.s === 1) drag = { x0: e.clientX, base: offset(s) };
  });
  zoom.addEventListener('pointermove', (e) => {
    if (!pts.has(e.pointerId)) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pts.size === 2) {
      const m = mid(), k = Math.max(1, Math.min(5, pinch.z.s * m.d / pinch.m.d));
      z = { s: k, tx: m.x - ((pinch.m.x - pinch.z.tx) * k) / pinch.z.s, ty: m.y - ((pinch.m.y - pinch.z.ty) * k) / pinch.z.s };
      if (k === 1) z = { s: 1, tx: 0, ty: 0 };
      applyZoom();
    } else if (drag) place(drag.base + e.clientX - drag.x0, false);
  });
  const up = (e) => {
    pts.delete(e.pointerId);
    if (pts.size < 2) pinch = null;
    if (drag && pts.size === 0) {
      const dx = x - drag.base;
      drag = null;
      if (Math.abs(dx) > 0.18 * W) go((rtl ? dx > 0 : dx < 0) ? s + 1 : s - 1);
      else go(s);
    }
  };
  zoom.addEventListener('pointerup', up);
  zoom.addEventListener('pointercancel', up);
})();
</script></body></html>`;
