import { describe, expect, it } from 'vitest';
import { UnreadableDrop, entriesOf, walkEntries } from './droppedFiles';

/**
 * A dropped folder, with entries shaped as Chromium gives them:
 * readEntries in batches of at most 100 until an empty one, files read
 * through entry.file(), paths from the drop's root.
 */
const refusal = () => new DOMException('A requested file or directory could not be found', 'NotFoundError');

/** A file; `refused`: the browser answers file() with an error. */
function fileEntry(fullPath: string, refused = false): FileSystemFileEntry {
  const name = fullPath.split('/').pop()!;
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (ok: (f: File) => void, fail: (e: DOMException) => void) =>
      refused ? fail(refusal()) : ok(new File([fullPath], name, { type: name.endsWith('.txt') ? 'text/plain' : 'image/png' })),
  } as unknown as FileSystemFileEntry;
}

/** A folder; `refusedAfter`: readEntries answers that many batches, then an error. */
function dirEntry(fullPath: string, entries: FileSystemEntry[], refusedAfter?: number): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.split('/').pop()!,
    fullPath,
    createReader: () => {
      let at = 0;
      let calls = 0;
      return {
        readEntries: (ok: (batch: FileSystemEntry[]) => void, fail: (e: DOMException) => void) => {
          if (refusedAfter !== undefined && calls++ >= refusedAfter) return fail(refusal());
          const batch = entries.slice(at, at + 100);
          at += batch.length;
          ok(batch);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

const pathOf = (f: File) => (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;

describe('a dropped folder', () => {
  it('gives every file in it and its subfolders, past the first batch of 100, named by path in page order', async () => {
    const pages = Array.from({ length: 250 }, (_, i) => fileEntry(`/ch3/p${i + 1}.png`)).reverse();
    const extra = dirEntry('/ch3/extra', [fileEntry('/ch3/extra/cover.png')]);
    const root = dirEntry('/ch3', [...pages, extra, fileEntry('/ch3/notes.txt')]);
    const files = await walkEntries([root]);
    expect(files).toHaveLength(252);
    // Numeric order, as a person numbers pages: p2 before p10.
    expect(files.slice(0, 3).map(pathOf)).toEqual(['ch3/extra/cover.png', 'ch3/notes.txt', 'ch3/p1.png']);
    expect(files.slice(3, 5).map(pathOf)).toEqual(['ch3/p2.png', 'ch3/p3.png']);
    expect(pathOf(files.at(-1)!)).toBe('ch3/p250.png');
    // The bytes are the file's own.
    expect(await files[2].text()).toBe('/ch3/p1.png');
  });

  it('files dropped beside a folder keep their own names', async () => {
    const files = await walkEntries([fileEntry('/a.png'), dirEntry('/b', [fileEntry('/b/c.png')])]);
    expect(files.map(pathOf)).toEqual(['a.png', 'b/c.png']);
  });

  it('a folder the browser will not list fails the whole drop, naming it; loose files beside it are not given alone', async () => {
    const pages = Array.from({ length: 150 }, (_, i) => fileEntry(`/ch3/p${i + 1}.png`));
    // The first batch of 100 is read, the second refused: no page of it, nor the loose file, comes back.
    const walk = walkEntries([fileEntry('/cover.png'), dirEntry('/ch3', pages, 1)]);
    await expect(walk).rejects.toBeInstanceOf(UnreadableDrop);
    await expect(walk).rejects.toMatchObject({ path: 'ch3', folder: true, cause: expect.any(DOMException) as unknown });
    // A subfolder refused from the start is named by its path inside the drop.
    const nested = dirEntry('/ch4', [fileEntry('/ch4/p1.png'), dirEntry('/ch4/extra', [fileEntry('/ch4/extra/x.png')], 0)]);
    await expect(walkEntries([nested])).rejects.toMatchObject({ path: 'ch4/extra', folder: true });
  });

  it('a file the browser will not read fails the drop, naming its folder (or the file, dropped loose)', async () => {
    const ch = dirEntry('/ch5', [fileEntry('/ch5/p1.png'), fileEntry('/ch5/sub/p2.png', true)]);
    await expect(walkEntries([ch])).rejects.toMatchObject({ path: 'ch5/sub', folder: true });
    const loose = walkEntries([fileEntry('/a.png', true), dirEntry('/b', [fileEntry('/b/c.png')])]);
    await expect(loose).rejects.toMatchObject({ path: 'a.png', folder: false });
    await expect(loose).rejects.toThrow('could not read the file "a.png" of the drop');
  });

  it('reads the entries of the drop, or none where the browser has no entry API', () => {
    const root = dirEntry('/x', []);
    expect(entriesOf({ items: [{ webkitGetAsEntry: () => root }] } as unknown as DataTransfer)).toEqual([root]);
    expect(entriesOf({ items: [{ webkitGetAsEntry: () => null }] } as unknown as DataTransfer)).toEqual([]);
    expect(entriesOf({ items: [{}] } as unknown as DataTransfer)).toBeNull();
    expect(entriesOf({ items: [] } as unknown as DataTransfer)).toBeNull();
  });
});
