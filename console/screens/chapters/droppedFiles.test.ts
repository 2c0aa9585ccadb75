import { describe, expect, it } from 'vitest';
import { entriesOf, walkEntries } from './droppedFiles';

/**
 * A dropped folder (issue 31), with entries shaped as Chromium gives them:
 * readEntries in batches of at most 100 until an empty one, files read
 * through entry.file(), paths from the drop's root.
 */
function fileEntry(fullPath: string): FileSystemFileEntry {
  const name = fullPath.split('/').pop()!;
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (ok: (f: File) => void) => ok(new File([fullPath], name, { type: name.endsWith('.txt') ? 'text/plain' : 'image/png' })),
  } as unknown as FileSystemFileEntry;
}

function dirEntry(fullPath: string, entries: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.split('/').pop()!,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (batch: FileSystemEntry[]) => void) => {
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

  it('reads the entries of the drop, or none where the browser has no entry API', () => {
    const root = dirEntry('/x', []);
    expect(entriesOf({ items: [{ webkitGetAsEntry: () => root }] } as unknown as DataTransfer)).toEqual([root]);
    expect(entriesOf({ items: [{ webkitGetAsEntry: () => null }] } as unknown as DataTransfer)).toEqual([]);
    expect(entriesOf({ items: [{}] } as unknown as DataTransfer)).toBeNull();
    expect(entriesOf({ items: [] } as unknown as DataTransfer)).toBeNull();
  });
});
