import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { ImportError, PageProblem } from './pageProblem.js';
import { readPage, type PageByteLimits } from './pageBytes.js';

/**
 * The images of a chapter (server/catalog/pageProcessing.ts): files of a
 * folder, uploaded files, or the entries of a .cbz/.zip archive, hidden
 * files and folders skipped, in natural file-name order. Each is read only
 * when its turn comes, so a 400-page chapter is never in memory at once.
 */
/** The file names of the images an import reads. */
export const IMAGE_EXT = /\.(jpe?g|png|webp|gif|avif|tiff?)$/i;
const ARCHIVE_EXT = /\.(cbz|zip)$/i;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export interface RawPage {
  name: string;
  read(): Promise<Buffer>;
}

export interface SourceLimits extends PageByteLimits {
  maxPages: number;
  /** Unpacked bytes of an archive, as its entries' headers claim (a zip bomb stops here; each entry's real bytes stop at maxPageBytes). */
  maxUnpackedBytes: number;
}

/** What `npm run import` accepts (the console's UPLOAD_LIMITS are the same). */
const DEFAULT_LIMITS: SourceLimits = {
  maxPages: 400,
  maxUnpackedBytes: 1024 * 1024 * 1024,
  maxPageBytes: 64 * 1024 * 1024,
  maxPixels: 60_000_000,
};

const skipName = (n: string) =>
  n.split('/').some((part) => part.startsWith('.') || part === '__MACOSX') || n.endsWith('/') || /thumbs\.db$/i.test(n);

/** A name that would climb out of the archive's folder if unpacked. */
const climbs = (n: string) => n.startsWith('/') || n.includes('\\') || /^[A-Za-z]:/.test(n) || n.split('/').includes('..');

function fileOf(name: string, file: string, limits: PageByteLimits): RawPage {
  return { name, read: () => readPage(fs.createReadStream(file), path.basename(name), limits) };
}

function readFolder(dir: string, limits: PageByteLimits): RawPage[] {
  const out: RawPage[] = [];
  for (const n of fs.readdirSync(dir)) {
    const full = path.join(dir, n);
    if (skipName(n) || !fs.statSync(full).isFile()) continue;
    out.push(fileOf(n, full, limits));
  }
  return out;
}

/** An entry's bytes, inflated through the page checks (pageBytes.ts): a bomb stops at its first refused chunk. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, label: string, limits: PageByteLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (e, stream) => {
      if (e || !stream)
        return reject(new PageProblem('bad-archive', `${label}: cannot read ${entry.fileName} (${e?.message ?? 'no data'})`));
      const corrupt = (se: Error) => new PageProblem('bad-archive', `${label} is corrupt: ${se.message}`);
      readPage(stream, `${label}: ${entry.fileName}`, limits, corrupt).then(resolve, reject);
    });
  });
}

/**
 * The archive's entries, checked before any is unpacked: encrypted, a name
 * climbing out, more pages or more unpacked bytes than allowed are refused
 * (yauzl checks each entry's real size against its declared one as it reads).
 * The archive stays open until `close`.
 */
function readArchive(file: string, label: string, limits: SourceLimits): Promise<{ pages: RawPage[]; close(): void }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip)
        return reject(new PageProblem('bad-archive', `${label} is not a readable .zip/.cbz archive (${err?.message ?? 'unknown error'})`));
      const entries: yauzl.Entry[] = [];
      let unpacked = 0;
      const fail = (p: PageProblem) => {
        zip.close();
        reject(p);
      };
      zip.on('error', (e: Error) =>
        fail(
          /relative path|absolute path/i.test(e.message)
            ? new PageProblem('unsafe-path', `${label}: ${e.message}`)
            : new PageProblem('bad-archive', `${label} is corrupt: ${e.message}`),
        ),
      );
      zip.on('entry', (entry: yauzl.Entry) => {
        if (climbs(entry.fileName)) return fail(new PageProblem('unsafe-path', `${label}: "${entry.fileName}" climbs out of the archive`));
        if (entry.isEncrypted()) return fail(new PageProblem('encrypted-archive', `${label} is encrypted: upload it without a password`));
        if (!skipName(entry.fileName)) {
          entries.push(entry);
          unpacked += entry.uncompressedSize;
          if (entries.length > limits.maxPages)
            return fail(new PageProblem('too-many-pages', `${label} holds more than ${limits.maxPages} pages`));
          if (unpacked > limits.maxUnpackedBytes)
            return fail(
              new PageProblem('archive-too-large', `${label} unpacks to more than ${Math.round(limits.maxUnpackedBytes / 2 ** 20)} MiB`),
            );
        }
        zip.readEntry();
      });
      zip.on('end', () =>
        resolve({
          pages: entries.map((e) => ({ name: e.fileName, read: () => readEntry(zip, e, label, limits) })),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}

/** A set of pages to read, and what to release afterwards (an open archive). */
export interface PageSource {
  pages: RawPage[];
  close(): void;
}

/**
 * Files given one by one (uploads, a folder's files): images, or a single
 * archive. `files` pairs a display name with where its bytes are.
 */
export async function sourceOf(files: { name: string; file: string }[], limits: SourceLimits = DEFAULT_LIMITS): Promise<PageSource> {
  let closers: (() => void)[] = [];
  const pages: RawPage[] = [];
  try {
    for (const f of files) {
      if (ARCHIVE_EXT.test(f.name)) {
        const a = await readArchive(f.file, f.name, limits);
        closers.push(() => a.close());
        pages.push(...a.pages);
      } else if (!skipName(f.name)) pages.push(fileOf(f.name, f.file, limits));
    }
  } catch (e) {
    for (const c of closers) c();
    throw e;
  }
  if (pages.length === 0) throw new PageProblem('no-pages', 'No images were given.');
  if (pages.length > limits.maxPages) {
    for (const c of closers) c();
    throw new PageProblem('too-many-pages', `More than ${limits.maxPages} pages.`);
  }
  const close = () => {
    for (const c of closers) c();
    closers = [];
  };
  return { pages: pages.sort((a, b) => collator.compare(a.name, b.name)), close };
}

/** A folder or a .cbz/.zip archive on this machine (npm run import). */
export async function readSource(source: string, limits: SourceLimits = DEFAULT_LIMITS): Promise<PageSource> {
  if (!fs.existsSync(source)) throw new ImportError(`${source} does not exist`);
  if (fs.statSync(source).isDirectory()) {
    const pages = readFolder(source, limits);
    if (pages.length === 0) throw new ImportError(`${source} holds no images`);
    if (pages.length > limits.maxPages) throw new PageProblem('too-many-pages', `${source} holds more than ${limits.maxPages} pages`);
    return { pages: pages.sort((a, b) => collator.compare(a.name, b.name)), close: () => {} };
  }
  if (!ARCHIVE_EXT.test(source)) throw new ImportError(`${source} is neither a folder nor a .cbz/.zip archive`);
  const s = await sourceOf([{ name: path.basename(source), file: source }], limits);
  if (s.pages.length === 0) throw new ImportError(`${source} holds no images`);
  return s;
}
