import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { LastPageSchema, MangaViewerSchema } from '../../../core/gen/manga/v1/viewer_pb';
import { isNextChapterOut, nextChapterOf } from './chapterLayout';

const last = (o: { next?: number; at?: number }) =>
  create(LastPageSchema, { ...(o.next ? { nextChapter: { chapterId: o.next } } : {}), nextTimeStamp: o.at ?? 0 });
const viewer = (o: { next?: number; at?: number }) =>
  create(MangaViewerSchema, { pages: [{ data: { case: 'lastPage', value: last(o) } }] });

describe('the next chapter of the end page', () => {
  it('is fetched ahead only when it is out (no release time)', () => {
    expect(nextChapterOf(viewer({ next: 14 }))).toBe(14);
    expect(nextChapterOf(viewer({ next: 14, at: 1_900_000_000 }))).toBeUndefined();
    expect(nextChapterOf(viewer({}))).toBeUndefined();
  });

  it('is a link only once its release time has passed', () => {
    const at = 1_900_000_000;
    expect(isNextChapterOut(last({ next: 14, at }), at * 1000 - 1)).toBe(false);
    expect(isNextChapterOut(last({ next: 14, at }), at * 1000)).toBe(true);
    expect(isNextChapterOut(last({ next: 14 }), 0)).toBe(true);
    expect(isNextChapterOut(last({}), at * 1000)).toBe(false);
  });
});
