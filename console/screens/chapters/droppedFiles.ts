/**
 * The files of a drop on the chapter upload (issue 31): a dropped folder is
 * walked, its subfolders too, and each file carries its path inside the drop
 * as the folder picker's files do (webkitRelativePath), which is the name
 * the server orders pages by. A drop of plain files gives those files.
 *
 * The entries must be taken while the drop event runs (the browser empties
 * the DataTransfer after it): call `entriesOf` in the handler, then walk.
 */

/** The dropped items' entries, read during the drop event; null where the browser has no entry API. */
export function entriesOf(dt: Pick<DataTransfer, 'items'>): FileSystemEntry[] | null {
  const items = [...(dt.items ?? [])];
  if (!items.length || typeof items[0].webkitGetAsEntry !== 'function') return null;
  return items.map((i) => i.webkitGetAsEntry()).filter((e): e is FileSystemEntry => e !== null);
}

const isDirectory = (e: FileSystemEntry): e is FileSystemDirectoryEntry => e.isDirectory;
const isFile = (e: FileSystemEntry): e is FileSystemFileEntry => e.isFile;

/** A directory's children: readEntries answers in batches (Chromium's hold 100) until an empty one. */
async function children(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

const byPath = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Every file under the entries, with its path inside the drop ("chapter 3/p010.png"), in path order. */
export async function walkEntries(entries: FileSystemEntry[]): Promise<File[]> {
  const out: { path: string; file: File }[] = [];
  const visit = async (entry: FileSystemEntry): Promise<void> => {
    if (isDirectory(entry)) {
      for (const child of await children(entry)) await visit(child);
    } else if (isFile(entry)) {
      const file = await fileOf(entry);
      const path = entry.fullPath.replace(/^\//, '');
      // The picker's own property, on this File only: the uploader names the file by it.
      if (path !== file.name) Object.defineProperty(file, 'webkitRelativePath', { value: path });
      out.push({ path, file });
    }
  };
  for (const e of entries) await visit(e);
  return out.sort((a, b) => byPath.compare(a.path, b.path)).map((x) => x.file);
}
