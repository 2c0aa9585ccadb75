/**
 * The files of a drop on the chapter upload: a dropped folder is
 * walked, its subfolders too, and each file carries its path inside the drop
 * as the folder picker's files do (webkitRelativePath), which is the name
 * the server orders pages by. A drop of plain files gives those files.
 *
 * The entries must be taken while the drop event runs (the browser empties
 * the DataTransfer after it): call `entriesOf` in the handler, then walk.
 *
 * A walk that the browser refuses somewhere (readEntries or file() answers
 * with an error) fails as a whole with `UnreadableDrop`, naming what could
 * not be read: a drop is uploaded complete or not at all.
 */

/** The dropped items' entries, read during the drop event; null where the browser has no entry API. */
export function entriesOf(dt: Pick<DataTransfer, 'items'>): FileSystemEntry[] | null {
  const items = [...(dt.items ?? [])];
  if (!items.length || typeof items[0].webkitGetAsEntry !== 'function') return null;
  return items.map((i) => i.webkitGetAsEntry()).filter((e): e is FileSystemEntry => e !== null);
}

/** Part of a drop the browser would not read: `path` inside the drop ("ch3/extra"), a folder unless `folder` is false. */
export class UnreadableDrop extends Error {
  constructor(
    readonly path: string,
    readonly folder: boolean,
    options?: ErrorOptions,
  ) {
    super(`could not read ${folder ? 'the folder' : 'the file'} "${path}" of the drop`, options);
    this.name = 'UnreadableDrop';
  }
}

const pathOf = (e: FileSystemEntry) => e.fullPath.replace(/^\//, '') || e.name;
/** The folder an entry sits in, inside the drop ("" at its root). */
const folderOf = (e: FileSystemEntry) => pathOf(e).split('/').slice(0, -1).join('/');

const isDirectory = (e: FileSystemEntry): e is FileSystemDirectoryEntry => e.isDirectory;
const isFile = (e: FileSystemEntry): e is FileSystemFileEntry => e.isFile;

/** A directory's children: readEntries answers in batches (Chromium's hold 100) until an empty one. */
async function children(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, (e) => reject(new UnreadableDrop(pathOf(dir), true, { cause: e }))),
    );
    if (!batch.length) return all;
    all.push(...batch);
  }
}

/** A file's bytes; a refusal names the folder the file is in (or the file, dropped loose). */
function fileOf(entry: FileSystemFileEntry): Promise<File> {
  const folder = folderOf(entry);
  return new Promise((resolve, reject) =>
    entry.file(resolve, (e) => reject(new UnreadableDrop(folder || pathOf(entry), folder !== '', { cause: e }))),
  );
}

const byPath = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Every file under the entries, with its path inside the drop ("chapter 3/p010.png"), in path order;
 * rejects with `UnreadableDrop` (and gives no file) when any part of the drop cannot be read.
 */
export async function walkEntries(entries: FileSystemEntry[]): Promise<File[]> {
  const out: { path: string; file: File }[] = [];
  const visit = async (entry: FileSystemEntry): Promise<void> => {
    if (isDirectory(entry)) {
      for (const child of await children(entry)) await visit(child);
    } else if (isFile(entry)) {
      const file = await fileOf(entry);
      const path = pathOf(entry);
      // The picker's own property, on this File only: the uploader names the file by it.
      if (path !== file.name) Object.defineProperty(file, 'webkitRelativePath', { value: path });
      out.push({ path, file });
    }
  };
  for (const e of entries) await visit(e);
  return out.sort((a, b) => byPath.compare(a.path, b.path)).map((x) => x.file);
}
