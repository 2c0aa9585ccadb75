import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ChapterSchema, TitleDetailViewSchema } from '../../core/gen/manga/v1/title_pb.js';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb.js';
import { MangaViewerSchema } from '../../core/gen/manga/v1/viewer_pb.js';
import { Parts, entry, fieldNo, pick, successAnswer, trueFlag, withFlag } from './wire.js';

describe('pre-encoded pieces', () => {
  it('take field numbers from the generated descriptors, oneof members included', () => {
    expect(fieldNo(MangaViewerSchema, 'chapters')).toBe(MangaViewerSchema.field.chapters.number);
    expect(fieldNo(ResponseSchema, 'success')).toBe(ResponseSchema.fields.find((f) => f.localName === 'success')!.number);
    expect(() => fieldNo(MangaViewerSchema, 'nope' as 'chapters')).toThrow(/no field nope/);
  });

  it('set a flag one way: on a message, and as the bytes an entry keeps', () => {
    const ch = create(ChapterSchema, { chapterId: 7, name: '#7' });
    expect(withFlag(ChapterSchema, ch, 'alreadyViewed').alreadyViewed).toBe(true);
    expect(withFlag(ChapterSchema, ch, 'alreadyViewed', false)).toBe(ch);
    const e = entry(fieldNo(MangaViewerSchema, 'chapters'), ChapterSchema, ch, 'alreadyViewed', 7);
    const read = (b: Uint8Array) => fromBinary(MangaViewerSchema, b).chapters[0];
    expect(read(pick(e, new Set())).alreadyViewed).toBe(false);
    expect(read(pick(e, new Set([7])))).toEqual(withFlag(ChapterSchema, ch, 'alreadyViewed'));
    expect(fromBinary(TitleDetailViewSchema, trueFlag(TitleDetailViewSchema, 'isSubscribed')).isSubscribed).toBe(true);
  });

  it('assemble Response → SuccessResult → view from parts', () => {
    const view = new Parts().add(toBinary(MangaViewerSchema, create(MangaViewerSchema, { chapterId: 3, titleName: 'T' })));
    const res = fromBinary(ResponseSchema, successAnswer('mangaViewer', view));
    expect(res.result.case === 'success' && res.result.value.data.case === 'mangaViewer' && res.result.value.data.value.titleName).toBe(
      'T',
    );
  });
});
