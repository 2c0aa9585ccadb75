// Compares two screenshot sweeps (scripts/screenshotSweep.mjs) pixel by pixel: for every PNG found in
// both folders (<lang>/<size>-<route>.png), the number of pixels whose RGBA differs, and a diff image
// (differing pixels red over a dimmed copy of the "before" screenshot) for each pair that differs.
// Prints one line per screenshot and a table per route; exits 1 if any pair differs or is missing.
//
//   node scripts/compareSweeps.mjs <before-dir> <after-dir> [--out .tmp/screenshots/sweep-diff] [--tolerance 0]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, tolerance: { type: 'string' } },
});
const [beforeDir, afterDir] = positionals;
if (!beforeDir || !afterDir) {
  console.error('usage: node scripts/compareSweeps.mjs <before-dir> <after-dir> [--out dir] [--tolerance n]');
  process.exit(2);
}
const OUT = args.out ?? '.tmp/screenshots/sweep-diff';
/** A channel difference up to this much counts as equal (0: exact). */
const TOLERANCE = Number(args.tolerance ?? 0);

/** Every <lang>/<name>.png under a sweep folder (the contact sheets left out), as relative paths. */
function shots(dir) {
  const out = [];
  for (const lang of fs.readdirSync(dir)) {
    if (lang === 'sheets' || !fs.statSync(path.join(dir, lang)).isDirectory()) continue;
    for (const f of fs.readdirSync(path.join(dir, lang))) if (f.endsWith('.png')) out.push(path.join(lang, f));
  }
  return out.sort();
}

const raw = (file) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

/** Differing pixels of two screenshots; a size change counts every pixel of the larger one. */
async function compare(rel) {
  const [a, b] = await Promise.all([raw(path.join(beforeDir, rel)), raw(path.join(afterDir, rel))]);
  const { width, height } = a.info;
  if (width !== b.info.width || height !== b.info.height) {
    return { rel, differing: Math.max(width * height, b.info.width * b.info.height), total: width * height, size: true };
  }
  const mask = Buffer.alloc(width * height * 4);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let same = true;
    for (let c = 0; c < 4; c++) if (Math.abs(a.data[i + c] - b.data[i + c]) > TOLERANCE) same = false;
    if (same) {
      // The unchanged picture, dimmed, so the red stands out.
      mask[i] = a.data[i] >> 2;
      mask[i + 1] = a.data[i + 1] >> 2;
      mask[i + 2] = a.data[i + 2] >> 2;
    } else {
      differing++;
      mask[i] = 255;
    }
    mask[i + 3] = 255;
  }
  if (differing) {
    const file = path.join(OUT, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await sharp(mask, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(file);
  }
  return { rel, differing, total: width * height, size: false };
}

const before = shots(beforeDir);
const after = new Set(shots(afterDir));
const missing = before.filter((f) => !after.has(f));
const results = [];
for (const rel of before.filter((f) => after.has(f))) results.push(await compare(rel));

// Per route and size: the screenshots compared and the differing pixels of each language.
const byRoute = new Map();
for (const r of results) {
  const [lang, name] = r.rel.split(path.sep);
  const key = name.replace(/\.png$/, '');
  if (!byRoute.has(key)) byRoute.set(key, []);
  byRoute.get(key).push(`${lang}:${r.size ? 'size changed' : r.differing}`);
}
console.log('| screenshot (size-route) | differing pixels by language |');
console.log('| --- | --- |');
for (const [key, cells] of [...byRoute].sort()) console.log(`| ${key} | ${cells.join(' ')} |`);
const changed = results.filter((r) => r.differing);
for (const r of changed) {
  const pct = ((100 * r.differing) / r.total).toFixed(3);
  console.log(`differs: ${r.rel}: ${r.size ? 'size changed' : `${r.differing} px (${pct} %)`} → ${path.join(OUT, r.rel)}`);
}
for (const f of missing) console.log(`missing after: ${f}`);
console.log(`${results.length} pairs compared, ${changed.length} differ, ${missing.length} missing`);
process.exit(changed.length || missing.length ? 1 : 0);
