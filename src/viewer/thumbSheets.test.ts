import { describe, expect, it } from 'vitest';
import { chapterThumbs } from '../../core/viewer/pageThumbs';
import { ThumbSheets, type SheetDisplay } from './thumbSheets';

const thumbs = chapterThumbs(
  Array.from({ length: 45 }, (_, k) => ({ imageUrl: `/img/page/5/${k}/low.webp`, type: 0, encryptionKey: `k${k}` })),
)!;

function setup(fail = new Set<string>()) {
  const asked: string[] = [];
  const forgotten: string[] = [];
  let made = 0;
  const display: SheetDisplay = { show: () => Promise.resolve(`blob:${++made}`), forget: (u) => void forgotten.push(u) };
  const sheets = new ThumbSheets(
    thumbs,
    (url, key) => {
      asked.push(`${url} ${key}`);
      return fail.has(url) ? Promise.reject(new Error('HTTP 503')) : Promise.resolve(new Blob(['x']));
    },
    display,
  );
  return { sheets, asked, forgotten, fail };
}

describe('page-thumbnail sheets in the browser', () => {
  it("loads a sheet once with its first page's key, however often it is asked; tells when it is ready", async () => {
    const { sheets, asked } = setup();
    let told = 0;
    sheets.subscribe(() => told++);
    expect(sheets.page(42)).toEqual({ sheet: 1, x: 68, width: 68 });
    const [a, b] = await Promise.all([sheets.load(1), sheets.load(1)]);
    expect(a).toBe(b);
    expect(asked).toEqual(['/img/thumbs/5/1.webp k40']);
    expect(sheets.url(1)).toBe(a);
    expect(told).toBe(1);
    await expect(sheets.load(2)).rejects.toThrow('no thumbnail sheet 2');
  });

  it('asks again for a sheet that failed; frees every URL when disposed, and one that comes after', async () => {
    const { sheets, asked, forgotten, fail } = setup(new Set(['/img/thumbs/5/0.webp']));
    await expect(sheets.load(0)).rejects.toThrow('HTTP 503');
    fail.clear();
    const url = await sheets.load(0);
    expect(asked).toHaveLength(2);
    const late = sheets.load(1);
    sheets.dispose();
    await expect(late).rejects.toThrow('closed');
    expect(forgotten.sort()).toEqual([url, 'blob:2'].sort());
    expect(sheets.url(0)).toBeUndefined();
    // In use again (an effect run anew): loaded afresh.
    sheets.open();
    expect(await sheets.load(0)).toBe('blob:3');
  });

  it("a retry asks again for every sheet that failed, not only the reader's own", async () => {
    const { sheets, asked, fail } = setup(new Set(['/img/thumbs/5/0.webp', '/img/thumbs/5/1.webp']));
    await expect(sheets.load(0)).rejects.toThrow('HTTP 503');
    await expect(sheets.load(1)).rejects.toThrow('HTTP 503');
    fail.clear();
    let told = 0;
    sheets.subscribe(() => told++);
    expect(await sheets.retry(0)).toMatch(/^blob:/);
    await expect.poll(() => sheets.url(1)).toBeDefined();
    expect(asked.slice(2).sort()).toEqual(['/img/thumbs/5/0.webp k0', '/img/thumbs/5/1.webp k40']);
    expect(told).toBe(2);
    // Nothing failed now: a retry is a plain load (nothing asked again).
    await sheets.retry(0);
    expect(asked).toHaveLength(4);
  });
});
