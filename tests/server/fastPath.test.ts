import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseSchema, SuccessResultSchema, type SuccessResult } from '../../core/gen/manga/v1/response_pb.js';
import type { VisitorFlags } from '../../server/repos/visitors.js';
import { encodeTitleDetail, titleDetailMessage } from '../../server/services/titleDetail.js';
import { encodeViewer, topCommentIds, viewerMessage } from '../../server/services/viewer.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { T } from './fixtures.js';

/**
 * The fast path of /api/manga_viewer and /api/title_detailV3 sends pre-encoded
 * pieces plus the visitor's flags (server/services/wire.ts). Decoded, its
 * bytes must be the message the generated code encodes for the same visitor:
 * toBinary(ResponseSchema, create(...)) of the JSON variant's message.
 */
const flags = (bookmarked: number[], viewed: number[], liked: number[]): VisitorFlags => ({
  bookmarked: new Set(bookmarked),
  viewed: new Set(viewed),
  liked: new Set(liked),
});

/** Response{ success: SuccessResult{ data } }, encoded by the generated code. */
const encoded = (data: SuccessResult['data']) =>
  toBinary(ResponseSchema, create(ResponseSchema, { result: { case: 'success', value: create(SuccessResultSchema, { data }) } }));

/** The canonical encoding of what these bytes decode to. */
const canonical = (bytes: Uint8Array) => toBinary(ResponseSchema, fromBinary(ResponseSchema, bytes));

describe.each(BACKENDS)('pre-encoded answers on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, 'fastpath');
  });
  afterAll(() => t.close());

  it('manga_viewer: the same message as the generated encoder, for a visitor with and without flags', async () => {
    const v = await t.app.services.viewer(1007, 'high', 'http://test');
    const comments = topCommentIds(v);
    expect(comments.length).toBeGreaterThan(0);
    const cases = [
      flags([], [], []),
      flags([], [1007], []),
      flags([v.titleId], [1001, 1007], comments),
      flags([v.titleId], v.chapterIds, comments.slice(0, 1)),
    ];
    for (const f of cases) {
      const expected = encoded({ case: 'mangaViewer', value: viewerMessage(v, f) });
      expect(canonical(encodeViewer(v, f))).toEqual(expected);
    }
    // Flags change the answer: a visitor never gets another's marks.
    expect(canonical(encodeViewer(v, cases[0]))).not.toEqual(canonical(encodeViewer(v, cases[2])));
  });

  it('title_detailV3: the same message as the generated encoder, for a visitor with and without flags', async () => {
    const d = await t.app.services.titleDetail(T.bladeEn, 'http://test');
    const cases = [
      flags([], [], []),
      flags([T.bladeEn], [], []),
      flags([], d.chapterIds.slice(0, 2), []),
      flags([T.bladeEn], d.chapterIds, []),
    ];
    for (const f of cases) {
      const expected = encoded({ case: 'titleDetailView', value: titleDetailMessage(d, f) });
      expect(canonical(encodeTitleDetail(d, f))).toEqual(expected);
    }
    expect(canonical(encodeTitleDetail(d, cases[0]))).not.toEqual(canonical(encodeTitleDetail(d, cases[3])));
  });
});
