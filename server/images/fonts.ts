import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

/**
 * The fonts the server's art is drawn with: the same Noto Sans subsets the web
 * app ships (@fontsource/noto-sans: Latin with Vietnamese, Cyrillic;
 * @fontsource/noto-sans-thai: Thai), whatever fonts the machine has or lacks.
 *
 * sharp's libvips renders SVG text through librsvg, Pango and its own
 * fontconfig, whose FreeType reads neither WOFF nor WOFF2: on import this
 * module unpacks the packages' WOFF files to TrueType in a folder of the
 * system's temporary directory, writes a fontconfig file listing that folder
 * alone, and points FONTCONFIG_FILE at it. Fontconfig reads the variable on
 * the first text drawn, and every module that draws text imports FONT from
 * here (server/images/style.ts, assetArt.ts, pageArt.ts).
 */

/** The font-family list of every text the art draws. */
export const FONT = "'Noto Sans', 'Noto Sans Thai', sans-serif";

const WEIGHTS = [400, 500, 700, 800, 900];

/** A WOFF 1.0 font as the TrueType/OpenType file it packs (each table zlib-inflated, 4-byte aligned). */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const numTables = woff.readUInt16BE(12);
  const head = Buffer.alloc(12 + 16 * numTables);
  const entrySelector = Math.floor(Math.log2(numTables));
  head.writeUInt32BE(woff.readUInt32BE(4), 0); // flavor
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(2 ** entrySelector * 16, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  const body: Buffer[] = [];
  let offset = head.length;
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const [at, compLength, origLength] = [woff.readUInt32BE(e + 4), woff.readUInt32BE(e + 8), woff.readUInt32BE(e + 12)];
    const packed = woff.subarray(at, at + compLength);
    const data = compLength < origLength ? zlib.inflateSync(packed) : packed;
    const r = 12 + i * 16;
    head.writeUInt32BE(woff.readUInt32BE(e), r); // tag
    head.writeUInt32BE(woff.readUInt32BE(e + 16), r + 4); // checksum
    head.writeUInt32BE(offset, r + 8);
    head.writeUInt32BE(data.length, r + 12);
    const pad = Buffer.alloc((4 - (data.length % 4)) % 4);
    body.push(data, pad);
    offset += data.length + pad.length;
  }
  return Buffer.concat([head, ...body]);
}

function writeAtomic(file: string, data: Buffer | string): void {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

/** Unpacks the fonts (once per set of files: the folder is named by their hash) and writes the fontconfig file; returns its path. */
function prepareFonts(): string {
  const require = createRequire(import.meta.url);
  const files = (pkgJson: string) => path.join(path.dirname(pkgJson), 'files');
  const sans = files(require.resolve('@fontsource/noto-sans/package.json'));
  const thai = files(require.resolve('@fontsource/noto-sans-thai/package.json'));
  const sources = [
    ...['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'cyrillic-ext'].map((s) => path.join(sans, `noto-sans-${s}`)),
    path.join(thai, 'noto-sans-thai-thai'),
  ].flatMap((stem) => WEIGHTS.map((w) => `${stem}-${w}-normal.woff`));
  const hash = crypto.createHash('sha1');
  for (const s of sources) hash.update(`${s}:${fs.statSync(s).size}\n`);
  const dir = path.join(os.tmpdir(), `manga-reader-fonts-${hash.digest('hex').slice(0, 12)}`);
  const conf = path.join(dir, 'fonts.conf');
  if (fs.existsSync(conf)) return conf;
  fs.mkdirSync(path.join(dir, 'ttf'), { recursive: true });
  for (const s of sources) writeAtomic(path.join(dir, 'ttf', path.basename(s, '.woff') + '.ttf'), woffToSfnt(fs.readFileSync(s)));
  writeAtomic(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <dir>${path.join(dir, 'ttf')}</dir>\n  <cachedir>${path.join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return conf;
}

process.env.FONTCONFIG_FILE = prepareFonts();
