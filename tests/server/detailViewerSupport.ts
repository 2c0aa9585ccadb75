import { expect } from 'vitest';
import type { TitleDetailView } from '../../core/gen/manga/v1/title_pb.js';
import type { LastPage, MangaViewer } from '../../core/gen/manga/v1/viewer_pb.js';
import { call, success, type TestApp } from './helpers.js';

/** What tests/server/detailViewer.test.ts asks of the title detail and viewer calls. */
export const detail = async (t: TestApp, q: string, token?: string) => {
  const s = success(await call(t.app, { url: `/api/title_detailV3?${q}`, ...(token ? { token } : {}) }));
  expect(s.data.case).toBe('titleDetailView');
  return s.data.value as TitleDetailView;
};
export const viewer = async (t: TestApp, q: string, token?: string) => {
  const s = success(await call(t.app, { url: `/api/manga_viewer?${q}`, ...(token ? { token } : {}) }));
  expect(s.data.case).toBe('mangaViewer');
  return s.data.value as MangaViewer;
};
export const lastPage = (v: MangaViewer) => v.pages.at(-1)!.data.value as LastPage;

/** The answers to a bad chapter: unknown, unreleased, expired, malformed (the viewer's and /api/chapter_view's). */
export const CHAPTER_ERRORS: [string, number, RegExp][] = [
  ['chapter_id=999999', 404, /chapter 999999 not found/],
  ['chapter_id=1008', 403, /not released yet/],
  ['chapter_id=1003', 403, /no longer readable/],
  ['', 400, /chapter_id is missing/],
  ['chapter_id=x1', 400, /chapter_id/],
];
