import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';

/** A chapter import's failure, reported as it is (not a crash). */
export class ImportError extends Error {}

/**
 * The images of a chapter import (server/catalog/import.ts): the files of a
 * folder or the entries of a .cbz/.zip archive, hidden files and folders
 * skipped, in natural file-name order.
 */
/** The file names of the images an import reads. */
export const IMAGE_EXT = /\.(jpe?g|png|webp|gif|avif|tiff?)$/i;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export interface RawPage {
  name: string;
  data: Buffer;
}

const skipName = (n: string) =>
  n.split('/').some((part) => part.startsWith('.') || part === '__MACOSX') || n.endsWith('/') || /thumbs\.db$/i.test(n);

function readFolder(dir: string): RawPage[] {
  const out: RawPage[] = [];
  for (const n of fs.readdirSync(dir)) {
    const full = path.join(dir, n);
    if (skipName(n) || !fs.statSync(full).isFile()) continue;
    out.push({ name: n, data: fs.readFileSync(full) });
  }
  return out;
}

function readArchive(file: string): Promise<RawPage[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip)
        return reject(new ImportError(`${path.basename(file)} is not a readable .zip/.cbz archive (${err?.message ?? 'unknown error'})`));
      const out: RawPage[] = [];
      zip.on('error', (e: Error) => reject(new ImportError(`${path.basename(file)} is corrupt: ${e.message}`)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (skipName(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream)
            return reject(new ImportError(`${path.basename(file)}: cannot read ${entry.fileName} (${e?.message ?? 'no data'})`));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('error', (se: Error) => reject(new ImportError(`${path.basename(file)} is corrupt: ${se.message}`)));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(parts) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

export async function readSource(source: string): Promise<RawPage[]> {
  if (!fs.existsSync(source)) throw new ImportError(`${source} does not exist`);
  const pages = fs.statSync(source).isDirectory() ? readFolder(source) : /\.(cbz|zip)$/i.test(source) ? await readArchive(source) : null;
  if (!pages) throw new ImportError(`${source} is neither a folder nor a .cbz/.zip archive`);
  if (pages.length === 0) throw new ImportError(`${source} holds no images`);
  return pages.sort((a, b) => collator.compare(a.name, b.name));
}
